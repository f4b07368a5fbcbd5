/** Every waitlist entry with its line and, while offered, its offer (docs/waitlist.md). */
export interface WaitlistTables {
  waitlist_entries: {
    entry_id: string;
    /** The event-store position of the join (sorts as text): the line's order, the same in a rebuild. */
    joined_position: string;
    customer_id: string;
    studio: string;
    date: string;
    time_start: string;
    time_end: string;
    status: string;
    joined_at: Date;
    hold_id: string | null;
    offer_expires_at: Date | null;
    booking_id: string | null;
  };
}
