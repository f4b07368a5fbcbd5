// `npm start` entry: registers the TypeScript loader, then runs the orchestrator in scripts/start/.
import { register } from 'tsx/esm/api';

register();
await import('./start/main.ts');
