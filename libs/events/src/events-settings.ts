/**
 * Environment variables this library reads as defaults (explicit options win). Read at start-up;
 * a bad value throws an error naming the variable.
 *
 * | variable | default | meaning |
 * | INBOX_RETENTION_DAYS | 14 | inbox rows older than this are purged (0 keeps them) |
 * | INBOX_PURGE_INTERVAL_MS | 3600000 | how often the purge runs |
 * | OUTBOX_MAX_ATTEMPTS | 20 | failed publishes of one row before it is parked |
 * | OUTBOX_RETRY_BASE_MS | 1000 | first back-off of a failed row (doubles, with jitter) |
 * | OUTBOX_RETRY_MAX_MS | 300000 | back-off cap |
 * | EVENT_HANDLER_TIMEOUT_MS | 30000 | a handler running longer counts as failed (0 disables) |
 * | EVENT_MAX_RETRIES | 5 | redeliveries of a failing message before the dead-letter queue |
 * | EVENT_RETRY_DELAY_MS | 1000 | delay before a redelivery |
 */
export interface EventsEnvSettings {
  inboxRetentionDays?: number;
  inboxPurgeIntervalMs?: number;
  outboxMaxAttempts?: number;
  outboxRetryBaseMs?: number;
  outboxRetryMaxMs?: number;
  handlerTimeoutMs?: number;
  maxRetries?: number;
  retryDelayMs?: number;
}

const VARIABLES: Record<keyof EventsEnvSettings, { name: string; min: number }> = {
  inboxRetentionDays: { name: 'INBOX_RETENTION_DAYS', min: 0 },
  inboxPurgeIntervalMs: { name: 'INBOX_PURGE_INTERVAL_MS', min: 1000 },
  outboxMaxAttempts: { name: 'OUTBOX_MAX_ATTEMPTS', min: 1 },
  outboxRetryBaseMs: { name: 'OUTBOX_RETRY_BASE_MS', min: 1 },
  outboxRetryMaxMs: { name: 'OUTBOX_RETRY_MAX_MS', min: 1 },
  handlerTimeoutMs: { name: 'EVENT_HANDLER_TIMEOUT_MS', min: 0 },
  maxRetries: { name: 'EVENT_MAX_RETRIES', min: 0 },
  retryDelayMs: { name: 'EVENT_RETRY_DELAY_MS', min: 0 },
};

/** The settings present in `env` (absent ones stay undefined: the code's defaults apply). */
export function eventsSettingsFromEnv(
  env: Record<string, string | undefined> = process.env,
): EventsEnvSettings {
  const settings: EventsEnvSettings = {};
  for (const [key, { name, min }] of Object.entries(VARIABLES) as Array<
    [keyof EventsEnvSettings, { name: string; min: number }]
  >) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`Invalid environment: ${name} must be an integer ≥ ${min} (got '${raw}').`);
    }
    settings[key] = value;
  }
  return settings;
}
