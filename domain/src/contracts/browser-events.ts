/**
 * The socket.io event names browsers listen to. Kept apart from the notice schemas so the site
 * can name them without bundling zod.
 */
export const BROWSER_EVENTS = {
  bookingChange: 'bookingChange',
  catalogChange: 'catalogChange',
  resourceTimeChange: 'resourceTimeChange',
} as const;
