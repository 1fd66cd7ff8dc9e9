import { isIP } from 'node:net';
import { z } from '@dinebuds/config';

/**
 * Which proxies in front of the gateway may name the client in X-Forwarded-For (Fastify's
 * `trustProxy`): `false` none (the default: the peer's address is the client), a number of hops
 * counted back from the gateway, or the proxies' addresses, CIDR ranges and Express's names
 * (loopback, linklocal, uniquelocal). There is no "trust everything": with it, any client picks
 * its own rate-limit key by writing the header.
 */
export type TrustProxy = false | number | readonly string[];

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_HOPS = 10;

export const TRUST_PROXY_HELP =
  'must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR ' +
  'ranges (e.g. 10.0.0.0/8,127.0.0.1)';

/** Why one list entry is not a proxy address, or null when it is. */
function entryProblem(entry: string): string | null {
  if (NAMED_RANGES.includes(entry)) return null;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return `'${entry}' is not an IP address or CIDR range`;
  if (prefix === undefined) return null;
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)
    return `'${entry}' has a prefix length outside 0-${bits}`;
  if (Number(prefix) === 0) return `'${entry}' would trust every address`;
  return null;
}

/** Parses TRUST_PROXY; throws an Error whose message says what is accepted. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`${TRUST_PROXY_HELP}: at most ${MAX_HOPS} hops`);
    return hops === 0 ? false : hops;
  }
  if (/^(true|yes|on)$/i.test(text))
    throw new Error(
      `${TRUST_PROXY_HELP}; '${text}' is refused: it would trust any X-Forwarded-For a client writes`,
    );
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === '')) throw new Error(`${TRUST_PROXY_HELP}: an entry is empty`);
  const problems = entries.map(entryProblem).filter((problem) => problem !== null);
  if (problems.length > 0) throw new Error(`${TRUST_PROXY_HELP}: ${problems.join(', ')}`);
  return entries;
}

/** Checks a programmatic setting (JavaScript callers may pass `true`, which is refused too). */
export function checkTrustProxy(value: unknown): TrustProxy {
  if (value === undefined || value === null || value === false) return false;
  const text =
    typeof value === 'number' && Number.isInteger(value)
      ? String(value)
      : typeof value === 'string'
        ? value
        : Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'string')
          ? value.join(',')
          : null;
  try {
    if (text === null) throw new Error(TRUST_PROXY_HELP);
    return parseTrustProxy(text);
  } catch (error) {
    throw new Error(`trustProxy ${(error as Error).message}`, { cause: error });
  }
}

/** The environment variable, for config shapes (the gateway's and the all-in-one runner's). */
export const envTrustProxy = () =>
  z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });

/**
 * What Fastify's `trustProxy` option takes for a setting, with Express's (proxy-addr's) meaning.
 * A hop count becomes a function: Fastify's own number setting trusts no hop at all.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}

/** The setting in the gateway's options schema: a TrustProxy, or its TRUST_PROXY text. */
export const trustProxySetting = () =>
  z
    .custom<TrustProxy | string>(() => true)
    .optional()
    .transform((value, ctx): TrustProxy => {
      try {
        return checkTrustProxy(value);
      } catch (error) {
        const cause = (error as Error).cause;
        ctx.addIssue({
          code: 'custom',
          message: (cause instanceof Error ? cause : (error as Error)).message,
        });
        return z.NEVER;
      }
    });
