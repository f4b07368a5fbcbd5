/**
 * GET paths the spec gives to calls that write: the gateway sends these to command-api, every
 * other GET to query-api. `GET /api/payment-intents/{id}/sync` asks the provider again and records
 * what it says (docs/booking.md#calls-and-who-may-make-them); it is safe to repeat, as a GET must be.
 */
const COMMAND_GET_PATHS: readonly RegExp[] = [/^\/api\/payment-intents\/[^/]+\/sync\/?$/];

export const isCommandGet = (pathname: string): boolean => COMMAND_GET_PATHS.some((path) => path.test(pathname));
