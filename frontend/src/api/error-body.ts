// The error body's schema on its own, for the API client to load when a call is refused (./client.ts).
export { errorBodySchema } from '@studio/domain';
