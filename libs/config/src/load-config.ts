import { z } from 'zod';

export { z };

/** Thrown at start-up when an environment variable is missing or malformed. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` against a zod shape whose keys are the variable names, e.g.
 * `loadConfig({ PORT: envPort(4101), DATABASE_URL: z.string().url() })`. The error names every bad
 * variable and what was wrong with it, so a typo in a deployment fails fast and says where.
 */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<z.ZodObject<S>> {
  const picked: Record<string, string | undefined> = {};
  for (const key of Object.keys(shape)) {
    const value = env[key];
    // An empty variable means "not set", so defaults apply.
    picked[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  const result = z.object(shape).safeParse(picked);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(root)';
      const got = picked[String(issue.path[0])];
      return `${name}: ${issue.message}${got === undefined ? ' (not set)' : ` (got '${got}')`}`;
    });
    throw new ConfigError(problems);
  }
  return result.data;
}

/** A TCP port with a default. */
export const envPort = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A positive integer with a default (limits, timeouts). */
export const envInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** 'true' / 'false' / '1' / '0' with a default. */
export const envBool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A URL with one of the given protocols, e.g. envUrl(['postgres:', 'postgresql:']). */
export const envUrl = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

export const envLogLevel = () =>
  z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
