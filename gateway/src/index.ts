export { startGateway, type RunningGateway } from './gateway.bootstrap.js';
export {
  type GatewayOptions,
  type GatewayServices,
  type ResolvedGatewayOptions,
  DEFAULT_MAP_TILE_URL,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RESERVATION_URL_TEMPLATE,
  GatewayOptionsError,
  gatewayOptionsSchema,
  resolveGatewayOptions,
} from './gateway-options.js';
export { GATEWAY_ENV_NAMES, gatewayOptionsFromEnv, gatewaySettingsFromEnv } from './config.js';
export { SESSION_COOKIE } from './auth/session-cookie.js';
export { type TrustProxy, envTrustProxy, parseTrustProxy } from './http/trust-proxy.js';
/** The same ADMISSION_* reading for the all-in-one runner, which starts gateway and services. */
export { admissionFromEnv, type AdmissionLimits } from '@dinebuds/service-client';
