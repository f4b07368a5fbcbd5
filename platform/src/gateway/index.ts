export { startGateway } from './server';
export type { Gateway, GatewayOptions } from './server';
