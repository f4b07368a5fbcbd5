// What the cabinet opens to the others (docs/frontend.md#folders-and-imports): how a booking's money,
// status and dates read, which the back-office's booking and client cards show the same way.
export { PAID_TOLERANCE } from './classify';
export { registeredOn, studioName } from './format';
export { PAYMENT_STATUS_LABELS } from './payment-view';
