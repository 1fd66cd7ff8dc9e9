import { envBool, envPort, envUrl, z } from '@dinebuds/config';
import { startMetricsServer } from './server.js';
import {
  OTLP_PROTOCOLS,
  setupTracing,
  TRACES_SAMPLERS,
  tracingOn,
  type OtlpProtocol,
  type TracesSampler,
} from './tracing.js';

/** The variables every process reads for metrics and tracing (merged into each config shape). */
export const observabilityEnvShape = {
  /** false turns metrics off entirely (no hooks, no /metrics): benchmarks compare. */
  METRICS_ENABLED: envBool(true),
  /** The metrics port (never the public one); 0 picks a free port. */
  METRICS_PORT: envPort(9464),
  /** Loopback unless told otherwise: only the scraper (a sidecar, Prometheus in the pod network) reads it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** OTLP/HTTP collector (e.g. http://jaeger:4318); tracing is off when unset. */
  OTEL_EXPORTER_OTLP_ENDPOINT: envUrl(['http:', 'https:']).optional(),
  /** The OTLP body encoding: http/protobuf (default, the cheaper) or http/json. */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(OTLP_PROTOCOLS).optional(),
  /**
   * Which traces are recorded (OpenTelemetry's names); default parentbased_always_on, or
   * parentbased_traceidratio when OTEL_TRACES_SAMPLER_ARG is set.
   */
  OTEL_TRACES_SAMPLER: z.enum(TRACES_SAMPLERS).optional(),
  /** Share of new traces the ratio samplers record (0..1); default 1, every request. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
};

export interface ProcessObservabilityConfig {
  METRICS_ENABLED: boolean;
  METRICS_PORT: number;
  METRICS_HOST: string;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_PROTOCOL?: OtlpProtocol;
  OTEL_TRACES_SAMPLER?: TracesSampler;
  OTEL_TRACES_SAMPLER_ARG?: number;
}

export interface ProcessObservability {
  /** Where /metrics is served, when metrics are on. */
  metricsUrl?: string;
  /** Closes the metrics server and flushes the spans not yet exported. */
  stop(): Promise<void>;
}

/**
 * A process's own part (standalone service, gateway, all-in-one runner): tracing first (so the
 * services' hooks see it), then the /metrics server. Call before starting the apps. Tracing that a
 * caller (a test) already set up is kept.
 */
export async function startProcessObservability(
  serviceName: string,
  config: ProcessObservabilityConfig,
): Promise<ProcessObservability> {
  const tracing =
    config.OTEL_EXPORTER_OTLP_ENDPOINT && !tracingOn()
      ? setupTracing({
          serviceName,
          endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
          protocol: config.OTEL_EXPORTER_OTLP_PROTOCOL,
          sampler: config.OTEL_TRACES_SAMPLER,
          sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
        })
      : null;
  let server;
  try {
    server = config.METRICS_ENABLED
      ? await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST })
      : undefined;
  } catch (error) {
    await tracing?.shutdown();
    throw error;
  }
  return {
    metricsUrl: server?.url,
    stop: async () => {
      await server?.close();
      await tracing?.shutdown().catch(() => undefined);
    },
  };
}
