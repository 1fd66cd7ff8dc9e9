import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@dinebuds/config';
import { gatewayOptionsFromEnv } from './config.js';
import { resolveGatewayOptions } from './gateway-options.js';

const TOKEN = 'x'.repeat(16);

describe('gateway configuration', () => {
  it('applies the documented defaults', () => {
    expect(gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN })).toEqual({
      port: 3000,
      host: '0.0.0.0',
      services: { identity: 'http://127.0.0.1:4101', socialGraph: 'http://127.0.0.1:4102' },
      internalToken: TOKEN,
      frontendDist: null,
      cookieSecure: false,
      trustProxy: false,
      bodyLimit: '1mb',
      rpcTimeoutMs: 5000,
      rateLimitAuthPerMinute: 20,
      rateLimitPerMinute: 600,
      logLevel: 'info',
      mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });

  it('reads every variable', () => {
    const options = gatewayOptionsFromEnv({
      INTERNAL_TOKEN: TOKEN,
      PORT: '8080',
      IDENTITY_URL: 'http://identity:4101',
      SOCIAL_GRAPH_URL: 'http://social-graph:4102',
      FRONTEND_DIST: '/srv/frontend',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      BODY_LIMIT: '2mb',
      RATE_LIMIT_AUTH_PER_MINUTE: '5',
    });
    expect(options).toMatchObject({
      port: 8080,
      services: { identity: 'http://identity:4101', socialGraph: 'http://social-graph:4102' },
      frontendDist: '/srv/frontend',
      cookieSecure: true,
      trustProxy: true,
      bodyLimit: '2mb',
      rateLimitAuthPerMinute: 5,
    });
  });

  it('fails fast naming each bad variable', () => {
    expect(() => gatewayOptionsFromEnv({})).toThrow(ConfigError);
    expect(() => gatewayOptionsFromEnv({ INTERNAL_TOKEN: 'short' })).toThrow(/INTERNAL_TOKEN/);
    expect(() => gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN, IDENTITY_URL: 'identity:4101' })).toThrow(
      /IDENTITY_URL/,
    );
    expect(() =>
      gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN, SOCIAL_GRAPH_URL: 'ftp://social-graph:4102' }),
    ).toThrow(/SOCIAL_GRAPH_URL/);
    expect(() => gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN, BODY_LIMIT: 'lots' })).toThrow(/BODY_LIMIT/);
    expect(() => gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('refuses programmatic options without a usable token', () => {
    expect(() =>
      resolveGatewayOptions({
        port: 0,
        services: { identity: 'http://x', socialGraph: 'http://y' },
        internalToken: 'short',
      }),
    ).toThrow(/internalToken/);
  });

  it('refuses programmatic options without every service URL', () => {
    const services = { identity: 'http://x', socialGraph: 'http://y' };
    expect(resolveGatewayOptions({ port: 0, services, internalToken: TOKEN }).services).toEqual(services);
    expect(() =>
      resolveGatewayOptions({
        port: 0,
        services: { identity: 'http://x' } as typeof services,
        internalToken: TOKEN,
      }),
    ).toThrow(/services\.socialGraph/);
  });
});
