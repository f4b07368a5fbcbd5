/** Customer accounts as the cabinet shows them: no password hash, ever. `phone` is E.164. */
export interface AccountsTables {
  customers: {
    id: string;
    name: string;
    surname: string;
    email: string | null;
    phone: string;
    created_at: Date;
    /** The guest's booking the account was opened for (accounts made at booking); null for /register. */
    via_booking_id: string | null;
    /** The phone is proved the account's (the SMS code, or opened at booking): only then are guest bookings with it theirs. */
    phone_verified: boolean;
  };
}
