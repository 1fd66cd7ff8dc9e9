import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { body } from '@dinebuds/errors';

/** Past any of these a request is refused at once with 503 + Retry-After (0 turns a check off). */
export interface AdmissionLimits {
  /** Requests being answered at once by this process. */
  maxInFlight: number;
  /**
   * Costly requests (the gateway: sign-in, registration, password change, each an argon2id hash
   * behind it) at once. Refused at the door, the refusal costs a few microseconds instead of a
   * trip to identity behind every queued read.
   */
  maxCostlyInFlight: number;
  /** Event-loop delay (ms, sampled every `sampleIntervalMs`) past which new work is refused. */
  maxEventLoopDelayMs: number;
  /** V8 heap in use (bytes). */
  maxHeapUsedBytes: number;
  /** Seconds a refused client is told to wait. */
  retryAfterSeconds: number;
  sampleIntervalMs: number;
}

export const DEFAULT_ADMISSION: AdmissionLimits = {
  // Above the 512 connections the issue measured without time-outs: shedding reads early only
  // helps clients that back off, and a client that retries at once turns each refusal into churn.
  maxInFlight: 1024,
  maxCostlyInFlight: 16,
  maxEventLoopDelayMs: 1000,
  maxHeapUsedBytes: 0,
  retryAfterSeconds: 1,
  sampleIntervalMs: 250,
};

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

function envNumber(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of at least 0 (0 turns the check off)`);
  return value;
}

/**
 * ADMISSION_MAX_IN_FLIGHT, ADMISSION_MAX_COSTLY_IN_FLIGHT, ADMISSION_MAX_EVENT_LOOP_DELAY_MS, ADMISSION_MAX_HEAP_MB and
 * ADMISSION_RETRY_AFTER_SECONDS, the same for the gateway and every service.
 */
export function admissionFromEnv(env: Record<string, string | undefined> = process.env): AdmissionLimits {
  return {
    maxInFlight: envNumber(env, 'ADMISSION_MAX_IN_FLIGHT', DEFAULT_ADMISSION.maxInFlight),
    maxCostlyInFlight: envNumber(env, 'ADMISSION_MAX_COSTLY_IN_FLIGHT', DEFAULT_ADMISSION.maxCostlyInFlight),
    maxEventLoopDelayMs: envNumber(
      env,
      'ADMISSION_MAX_EVENT_LOOP_DELAY_MS',
      DEFAULT_ADMISSION.maxEventLoopDelayMs,
    ),
    maxHeapUsedBytes: envNumber(env, 'ADMISSION_MAX_HEAP_MB', 0) * 1024 * 1024,
    retryAfterSeconds: Math.max(
      1,
      envNumber(env, 'ADMISSION_RETRY_AFTER_SECONDS', DEFAULT_ADMISSION.retryAfterSeconds),
    ),
    sampleIntervalMs: DEFAULT_ADMISSION.sampleIntervalMs,
  };
}

function refuse(reply: FastifyReply, retryAfterSeconds: number): string {
  reply
    .code(503)
    .header('Retry-After', String(retryAfterSeconds))
    .header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify(body(503, BUSY_MESSAGE, 'BUSY'));
}

/**
 * Load shedding at the door, before routing, guards and body parsing: a process past its limits
 * answers 503 + Retry-After in microseconds instead of queueing the request until it times out.
 * In-flight count is our own hook (under-pressure has none); event-loop delay and heap are
 * @fastify/under-pressure's. Health probes always pass, so an orchestrator never restarts a
 * replica for being busy. Registered once per Fastify root, by the gateway and by every service.
 */
export async function installAdmission(
  fastify: FastifyInstance,
  limits: AdmissionLimits,
  isProbe: (url: string) => boolean,
  isCostly: (method: string, url: string) => boolean = () => false,
): Promise<void> {
  let inFlight = 0;
  let costlyInFlight = 0;
  if (limits.maxInFlight > 0 || limits.maxCostlyInFlight > 0) {
    fastify.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
      if (isProbe(req.url)) return done();
      const costly = limits.maxCostlyInFlight > 0 && isCostly(req.method, req.url);
      if (
        (limits.maxInFlight > 0 && inFlight >= limits.maxInFlight) ||
        (costly && costlyInFlight >= limits.maxCostlyInFlight)
      ) {
        reply.send(refuse(reply, limits.retryAfterSeconds));
        return;
      }
      inFlight += 1;
      if (costly) costlyInFlight += 1;
      // 'close' fires once for every outcome (answered, failed, client gone).
      reply.raw.once('close', () => {
        inFlight -= 1;
        if (costly) costlyInFlight -= 1;
      });
      done();
    });
  }
  if (limits.maxEventLoopDelayMs > 0 || limits.maxHeapUsedBytes > 0) {
    await fastify.register(fastifyUnderPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      maxHeapUsedBytes: limits.maxHeapUsedBytes,
      sampleInterval: limits.sampleIntervalMs,
      // Returning undefined lets the request through; a value is sent as the answer.
      pressureHandler: (req, reply) =>
        isProbe(req.url) ? undefined : (refuse(reply, limits.retryAfterSeconds) as unknown as void),
    });
  }
}
