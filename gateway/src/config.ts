import { ConfigError, envUrl, loadConfig, z } from '@dinebuds/config';
import { observabilityEnvShape } from '@dinebuds/observability';
import { admissionFromEnv } from '@dinebuds/service-client';
import { type GatewayOptions, type ResolvedGatewayOptions, gatewayOptionsSchema } from './gateway-options.js';
import { GATEWAY_SERVICES } from './upstream/services.generated.js';

type Env = Record<string, string | undefined>;
type Schema = z.ZodType;

/** The variable a setting of gatewayOptionsSchema is read from (its `.meta({ env })`). */
function envNameOf(schema: Schema): string | undefined {
  const meta = z.globalRegistry.get(schema) as { env?: unknown } | undefined;
  return typeof meta?.env === 'string' ? meta.env : undefined;
}

/** The kind of value under defaults, optionals and nullables: how a variable's text is read. */
function baseType(schema: Schema): string {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: Schema } } })._zod.def;
  return def.innerType && ['default', 'optional', 'nullable', 'prefault'].includes(def.type)
    ? baseType(def.innerType)
    : def.type;
}

/**
 * A variable's text as the setting's input: numbers and booleans converted when they read as
 * one (else left as text, which the schema refuses with the variable's name), the rest as is.
 */
function fromText(text: string, schema: Schema): unknown {
  const type = baseType(schema);
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
  if (type === 'boolean') {
    const word = text.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(word)) return true;
    if (['false', '0', 'no'].includes(word)) return false;
  }
  return text;
}

/** Every setting with a variable, by the path of its option: `services.identity` → IDENTITY_URL. */
function settingsWithEnv(
  shape: z.ZodRawShape,
  prefix: string[] = [],
): { path: string[]; name: string; schema: Schema }[] {
  return Object.entries(shape).flatMap(([key, schema]) => {
    const name = envNameOf(schema as Schema);
    if (name) return [{ path: [...prefix, key], name, schema: schema as Schema }];
    return schema instanceof z.ZodObject ? settingsWithEnv(schema.shape, [...prefix, key]) : [];
  });
}

const SETTINGS = settingsWithEnv(gatewayOptionsSchema.shape);

/** Each service's URL when its variable is unset: its local port (the catalogue's). */
const LOCAL_SERVICES = Object.fromEntries(GATEWAY_SERVICES.map((s) => [s.gatewayKey, s.localUrl]));

/** The gateway's environment variables, for documentation and tooling: each setting's name. */
export const GATEWAY_ENV_NAMES: readonly string[] = SETTINGS.map((s) => s.name);

/**
 * The gateway's options from the environment: each variable set (an empty one counts as unset)
 * becomes its setting's input, then gatewayOptionsSchema checks all of them and applies the
 * defaults. Fails with a ConfigError naming each bad variable and what it held.
 */
export function gatewaySettingsFromEnv(env: Env = process.env): ResolvedGatewayOptions {
  const input: Record<string, unknown> = { services: { ...LOCAL_SERVICES } };
  for (const { path, name, schema } of SETTINGS) {
    const text = env[name];
    if (text === undefined || text.trim() === '') continue;
    let target = input;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[path[path.length - 1]] = fromText(text, schema);
  }
  const result = gatewayOptionsSchema.safeParse(input);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = SETTINGS.find((s) => s.path.join('.') === issue.path.join('.'))?.name;
        const got = name === undefined ? undefined : env[name];
        const held = got === undefined || got.trim() === '' ? ' (not set)' : ` (got '${got}')`;
        return `${name ?? issue.path.join('.')}: ${issue.message}${held}`;
      }),
    );
  }
  return { ...result.data, admission: result.data.admission ?? admissionFromEnv(env) };
}

/** What main.ts reads besides the options: the services' RabbitMQ, and the observability settings. */
const mainEnvShape = {
  /**
   * The gateway hears identity's access-changed notices there. Unset: it remembers no session
   * (every signed-in request asks identity).
   */
  AMQP_URL: envUrl(['amqp:', 'amqps:']).optional(),
  ...observabilityEnvShape,
};

/** The gateway's options from the environment, and the RabbitMQ URL its event bus connects to. */
export function gatewayOptionsFromEnv(env: Env = process.env): GatewayOptions & { amqpUrl: string | null } {
  const problems: string[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const options = attempt(() => gatewaySettingsFromEnv(env));
  const main = attempt(() => loadConfig(mainEnvShape, env));
  if (!options || !main) throw new ConfigError(problems);
  return { ...options, amqpUrl: main.AMQP_URL ?? null };
}
