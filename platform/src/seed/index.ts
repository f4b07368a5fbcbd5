export { seedDemoData } from './seed';
export type { SeedResult } from './seed';
export { DEMO_SEED_ACTOR, demoBookingPlan, seedDemoBookings } from './demo-bookings';
export type { DemoBooking, DemoBookingsResult } from './demo-bookings';
export { demoDiscountRules } from './demo-catalog';
