// Vitest setupFiles of the integration and browser projects: files share modules there
// (isolate: false), so state a file would otherwise start afresh is restarted here for each one.
import { restartFutureDates } from './dates';

restartFutureDates();
