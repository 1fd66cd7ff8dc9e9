import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@dinebuds/config';
import { DEFAULT_ADMISSION } from '@dinebuds/service-client';
import { GATEWAY_ENV_NAMES, gatewayOptionsFromEnv } from './config.js';
import { GatewayOptionsError, type GatewayOptions, resolveGatewayOptions } from './gateway-options.js';
import { GATEWAY_SERVICES } from './upstream/services.generated.js';

const TOKEN = 'x'.repeat(16);

describe('gateway configuration', () => {
  it('applies the documented defaults', () => {
    expect(gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN })).toEqual({
      port: 3000,
      host: '0.0.0.0',
      // Every catalogue service at its local URL (a new service needs no edit here).
      services: Object.fromEntries(GATEWAY_SERVICES.map((s) => [s.gatewayKey, s.localUrl])),
      // Only the one-process runner hands the gateway services of its own process.
      inProcessServices: {},
      internalToken: TOKEN,
      frontendDist: null,
      cookieSecure: false,
      trustProxy: false,
      bodyLimit: '1mb',
      rpcTimeoutMs: 5000,
      serverRenderTimeoutMs: 2000,
      requestTimeoutMs: 120000,
      rateLimitAuthPerMinute: 20,
      rateLimitPerMinute: 600,
      rateLimitRedis: null,
      sessionCacheTtlMs: 10000,
      sessionCacheMaxEntries: 50000,
      messageStreamsPerUser: 8,
      amqpUrl: null,
      logLevel: 'info',
      mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      reservationUrlTemplate:
        'https://www.opentable.com/s?dateTime={date}T{time}&covers={partySize}&term={name}',
      admission: DEFAULT_ADMISSION,
      events: null,
    });
  });

  it('gives programmatic callers the same defaults as the environment (one schema)', () => {
    const fromEnv = gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN });
    const given = resolveGatewayOptions({ services: fromEnv.services, internalToken: TOKEN });
    const { amqpUrl: _amqpUrl, admission: _fromEnv, ...envDefaults } = fromEnv;
    const { admission: _given, ...programmaticDefaults } = given;
    expect(programmaticDefaults).toEqual(envDefaults);
  });

  it("reads each catalogue service's URL from its urlEnv, defaulting to its local port", () => {
    const [first, ...rest] = GATEWAY_SERVICES;
    const options = gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN, [first.urlEnv]: 'http://elsewhere:1' });
    expect(options.services).toEqual({
      [first.gatewayKey]: 'http://elsewhere:1',
      ...Object.fromEntries(rest.map((s) => [s.gatewayKey, s.localUrl])),
    });
    expect(GATEWAY_ENV_NAMES).toEqual(expect.arrayContaining(GATEWAY_SERVICES.map((s) => s.urlEnv)));
  });

  it('reads every variable', () => {
    const options = gatewayOptionsFromEnv({
      INTERNAL_TOKEN: TOKEN,
      PORT: '8080',
      IDENTITY_URL: 'http://identity:4101',
      SOCIAL_GRAPH_URL: 'http://social-graph:4102',
      FRONTEND_DIST: '/srv/frontend',
      SERVER_RENDER_TIMEOUT_MS: '0',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: '1',
      BODY_LIMIT: '2mb',
      RATE_LIMIT_AUTH_PER_MINUTE: '5',
      AMQP_URL: 'amqp://rabbitmq:5672',
      SESSION_CACHE_TTL_MS: '0',
      SESSION_CACHE_MAX_ENTRIES: '1000',
      MESSAGE_STREAMS_PER_USER: '3',
      RESERVATION_URL_TEMPLATE: 'https://book.example.com/?d={date}&t={time}&n={partySize}&q={name}',
    });
    expect(options).toMatchObject({
      port: 8080,
      serverRenderTimeoutMs: 0,
      services: { identity: 'http://identity:4101', socialGraph: 'http://social-graph:4102' },
      frontendDist: '/srv/frontend',
      cookieSecure: true,
      trustProxy: 1,
      bodyLimit: '2mb',
      rateLimitAuthPerMinute: 5,
      amqpUrl: 'amqp://rabbitmq:5672',
      sessionCacheTtlMs: 0,
      sessionCacheMaxEntries: 1000,
      messageStreamsPerUser: 3,
      reservationUrlTemplate: 'https://book.example.com/?d={date}&t={time}&n={partySize}&q={name}',
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
    expect(() =>
      gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN, RESERVATION_URL_TEMPLATE: 'javascript:alert({name})' }),
    ).toThrow(/RESERVATION_URL_TEMPLATE/);
    expect(() => gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('says which variable is wrong, what it held and why, for every bad one at once', () => {
    const problems = (env: Record<string, string>) => {
      try {
        gatewayOptionsFromEnv(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      throw new Error('expected a ConfigError');
    };
    expect(problems({})).toEqual(['INTERNAL_TOKEN: is required (not set)']);
    expect(
      problems({
        INTERNAL_TOKEN: TOKEN,
        PORT: '70000',
        RATE_LIMIT_PER_MINUTE: 'many',
        SESSION_CACHE_TTL_MS: '-1',
        COOKIE_SECURE: 'maybe',
        BODY_LIMIT: 'lots',
        REVIEWS_URL: 'reviews:4103',
        AMQP_URL: 'http://rabbit',
      }),
    ).toEqual([
      expect.stringMatching(/^PORT: .*65535.* \(got '70000'\)$/),
      "REVIEWS_URL: must be a URL starting with http:// or https:// (got 'reviews:4103')",
      expect.stringMatching(/^COOKIE_SECURE: .*boolean.* \(got 'maybe'\)$/),
      "BODY_LIMIT: must be a size such as '1mb' or '500kb' (got 'lots')",
      expect.stringMatching(/^RATE_LIMIT_PER_MINUTE: .*number.* \(got 'many'\)$/),
      expect.stringMatching(/^SESSION_CACHE_TTL_MS: .*>=0.* \(got '-1'\)$/),
      expect.stringMatching(/^AMQP_URL: must be a URL starting with amqp:\/\/ or amqps:\/\/ /),
    ]);
  });

  it('checks programmatic options against the same ranges, naming the option', () => {
    const base: GatewayOptions = { services: {}, internalToken: TOKEN };
    const bad: [Partial<GatewayOptions>, RegExp][] = [
      [{ port: 70000 }, /^Invalid gateway options: port: .*65535/],
      [{ rateLimitPerMinute: 0 }, /rateLimitPerMinute: .*>0/],
      [{ rpcTimeoutMs: 1.5 }, /rpcTimeoutMs: .*int/],
      [{ sessionCacheTtlMs: -1 }, /sessionCacheTtlMs: .*>=0/],
      [{ bodyLimit: 'lots' }, /bodyLimit: must be a size such as '1mb'/],
      [{ reservationUrlTemplate: 'javascript:alert(1)' }, /reservationUrlTemplate: must be a URL/],
      [{ services: { identity: 'identity:4101' } }, /services\.identity: must be a URL/],
    ];
    for (const [options, message] of bad) {
      expect(() => resolveGatewayOptions({ ...base, ...options })).toThrow(GatewayOptionsError);
      expect(() => resolveGatewayOptions({ ...base, ...options })).toThrow(message);
    }
    expect(resolveGatewayOptions({ ...base, rateLimitPerMinute: 1, sessionCacheTtlMs: 0 })).toMatchObject({
      rateLimitPerMinute: 1,
      sessionCacheTtlMs: 0,
    });
  });

  describe('TRUST_PROXY', () => {
    const trustProxy = (value: string | undefined) =>
      gatewayOptionsFromEnv({ INTERNAL_TOKEN: TOKEN, TRUST_PROXY: value }).trustProxy;

    it('is off unless set (or set to 0 / false)', () => {
      expect(trustProxy(undefined)).toBe(false);
      expect(trustProxy('')).toBe(false);
      expect(trustProxy('0')).toBe(false);
      expect(trustProxy('false')).toBe(false);
    });

    it('is a number of hops, or a list of proxy addresses and CIDR ranges', () => {
      expect(trustProxy('1')).toBe(1);
      expect(trustProxy('2')).toBe(2);
      expect(trustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
      expect(trustProxy('::1,fd00::/8,loopback')).toEqual(['::1', 'fd00::/8', 'loopback']);
    });

    it.each(['true', 'TRUE', 'yes', 'on'])('refuses %s: a bare boolean would trust every client', (value) => {
      expect(() => trustProxy(value)).toThrow(ConfigError);
      expect(() => trustProxy(value)).toThrow(
        /TRUST_PROXY: must be a number of proxy hops .*'\w+' is refused: it would trust any X-Forwarded-For/,
      );
    });

    it.each(['0.0.0.0/0', '::/0', '10.0.0.0/33', 'proxy.local', '10.0.0.1,', '1.5', '-1', '11'])(
      'refuses %s, naming the variable',
      (value) => {
        expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
      },
    );

    it('is checked for programmatic callers too', () => {
      const base = {
        port: 0,
        services: { identity: 'http://x', socialGraph: 'http://y' },
        internalToken: TOKEN,
      };
      expect(resolveGatewayOptions(base).trustProxy).toBe(false);
      expect(resolveGatewayOptions({ ...base, trustProxy: 1 }).trustProxy).toBe(1);
      expect(resolveGatewayOptions({ ...base, trustProxy: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
      expect(() => resolveGatewayOptions({ ...base, trustProxy: true as unknown as false })).toThrow(
        /trustProxy: must be a number of proxy hops/,
      );
    });
  });

  it('refuses programmatic options without a usable token', () => {
    expect(() =>
      resolveGatewayOptions({
        port: 0,
        services: { identity: 'http://x', socialGraph: 'http://y' },
        internalToken: 'short',
      }),
    ).toThrow('Invalid gateway options: internalToken: must be at least 16 characters');
  });

  it('takes the URLs of any services of the catalogue (a service left out answers 503)', () => {
    const services = { identity: 'http://x', socialGraph: 'http://y' };
    expect(resolveGatewayOptions({ port: 0, services, internalToken: TOKEN }).services).toEqual(services);
    expect(resolveGatewayOptions({ port: 0, services: {}, internalToken: TOKEN }).services).toEqual({});
  });
});
