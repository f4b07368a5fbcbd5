export * from './money';
export * from './prices';
export * from './discount-rules';
export * from './selection';
export * from './calendar-total';
export * from './booking-price';
