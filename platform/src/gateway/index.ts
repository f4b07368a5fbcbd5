export { SLOW_CLIENT_LIMITS, startGateway } from './server';
export type { Gateway, GatewayOptions, SlowClientLimits } from './server';
