import { Writable } from 'node:stream';
import { setLogDestination } from '@dinebuds/logging';
import { InMemorySpanExporter, setupTracing, type TracingOptions } from '@dinebuds/observability';
import { TEST_AMQP_URL, createTestDatabase } from '@dinebuds/testing';
import { createTestVhost, removeDataDir, startAllInOneSystem } from './system.js';

export interface TracedSystem {
  baseUrl: string;
  metricsUrl?: string;
  /** Every span the system finished, in memory. */
  exporter: InMemorySpanExporter;
  /** Every JSON log line the process wrote while the system ran. */
  logLines: Record<string, unknown>[];
  /** Exports what the processors still hold. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The all-in-one system on its own database and broker vhost, traced with the sampler given,
 * its log lines captured (level info) and its spans kept in memory, for the observability tests.
 */
export async function startTracedSystem(
  name: string,
  sampling: Pick<TracingOptions, 'sampler' | 'sampleRatio'>,
): Promise<TracedSystem> {
  const logLines: Record<string, unknown>[] = [];
  setLogDestination(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n'))
          if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  const exporter = new InMemorySpanExporter();
  const tracing = setupTracing({ serviceName: 'dinebuds-test', exporter, ...sampling })!;
  const database = await createTestDatabase(name);
  const vhost = createTestVhost(TEST_AMQP_URL, name);
  const system = await startAllInOneSystem({
    databaseUrl: database.url,
    amqpUrl: vhost.url,
    env: { METRICS_PORT: '0', LOG_LEVEL: 'info' },
  });
  return {
    baseUrl: system.baseUrl,
    metricsUrl: system.metricsUrl,
    exporter,
    logLines,
    flush: () => tracing.flush(),
    stop: async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      await tracing.shutdown();
      setLogDestination(undefined);
      vhost.drop();
      await database.drop();
    },
  };
}
