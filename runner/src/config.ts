import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envBool, envLogLevel, envPort, envUrl, loadConfig, z } from '@dinebuds/config';
import { gatewaySettingsFromEnv } from '@dinebuds/gateway';
import { observabilityEnvShape } from '@dinebuds/observability';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Everything the all-in-one process reads from its environment. */
export function loadRunnerConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(
    {
      PORT: envPort(3000),
      HOST: z.string().default('0.0.0.0'),
      DATABASE_URL: envUrl(['postgres:', 'postgresql:']).optional(),
      AMQP_URL: envUrl(['amqp:', 'amqps:']).optional(),
      DATA_DIR: z.string().default(resolve(repoRoot, '.data')),
      EMBEDDED_PG_PORT: envPort(54329),
      INTERNAL_TOKEN: z.string().min(16).optional(),
      ADMIN_USERNAME: z.string().min(3).optional(),
      ADMIN_PASSWORD: z.string().min(6).optional(),
      FRONTEND_DIST: z.string().default(resolve(repoRoot, 'frontend', 'dist')),
      LOG_LEVEL: envLogLevel(),
      /**
       * The gateway hands its calls to the services' routers in this process instead of their
       * loopback ports (same route, token check and guards; no socket). false: over HTTP, as
       * in the distributed mode.
       */
      IN_PROCESS_CALLS: envBool(true),
      // One /metrics for the gateway and every service (each series names its service).
      ...observabilityEnvShape,
    },
    env,
  );
  // Everything runs in one process here, so a per-process secret is enough when none is given.
  const internalToken = config.INTERNAL_TOKEN ?? randomBytes(24).toString('base64url');
  return {
    ...config,
    INTERNAL_TOKEN: internalToken,
    /**
     * The gateway's settings, read from the same variables as the gateway alone reads them (its
     * one options schema); the runner still chooses its port, host, services and frontend.
     */
    gateway: gatewaySettingsFromEnv({ ...env, INTERNAL_TOKEN: internalToken }),
    /**
     * The whole environment, for settings the runner does not list itself: each service's own
     * (identity's PASSWORD_WORK_*, LOGIN_*, SESSION_TTL_DAYS) and the ADMISSION_* limits.
     */
    passThroughEnv: env,
  };
}

export type RunnerConfig = ReturnType<typeof loadRunnerConfig>;
