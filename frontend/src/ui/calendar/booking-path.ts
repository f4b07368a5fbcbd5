/** A booking page's path, its studio first: a module of its own, as the app's entry tests it (app/route-preload.ts). */
export const BOOKING_PATH = /^\/([a-z]+)\/booking\/?$/;
