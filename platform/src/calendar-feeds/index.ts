export * from './feed-token';
export * from './feed-origin';
export * from './ical';
