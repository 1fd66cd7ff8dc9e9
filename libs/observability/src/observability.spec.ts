import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@dinebuds/config';
import { installHttpObservability } from './http.js';
import { metricsEnabled } from './metrics.js';
import { observabilityEnvShape, startProcessObservability } from './process.js';
import { startMetricsServer } from './server.js';
import { tracingOn } from './tracing.js';

describe('observability settings', () => {
  it('defaults to metrics on, port 9464 on loopback, tracing off', () => {
    const config = loadConfig(observabilityEnvShape, {});
    expect(config).toEqual({ METRICS_ENABLED: true, METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(metricsEnabled({})).toBe(true);
    expect(metricsEnabled({ METRICS_ENABLED: 'false' })).toBe(false);
  });

  it('refuses a bad port or endpoint with the variable named', () => {
    expect(() => loadConfig(observabilityEnvShape, { METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig(observabilityEnvShape, { OTEL_EXPORTER_OTLP_ENDPOINT: 'jaeger' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });

  it('starts no tracing without an endpoint, and no server with metrics off', async () => {
    const off = await startProcessObservability('test', {
      METRICS_ENABLED: false,
      METRICS_PORT: 0,
      METRICS_HOST: '127.0.0.1',
    });
    expect(off.metricsUrl).toBeUndefined();
    expect(tracingOn()).toBe(false);
    await off.stop();
  });
});

describe('metrics server', () => {
  it('answers GET /metrics in the Prometheus format, and nothing else', async () => {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const response = await fetch(server.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      expect(text).toContain('# TYPE dinebuds_http_requests_total counter');
      expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
      expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('HTTP hooks', () => {
  const host = () => {
    const hooks: string[] = [];
    return { hooks, addHook: (name: string) => hooks.push(name) };
  };

  it('installs only the response hook for metrics while tracing is off', () => {
    const app = host();
    installHttpObservability(app, 'identity');
    expect(app.hooks).toEqual(['onResponse']);
  });

  it('installs nothing when metrics and tracing are both off (free)', () => {
    const app = host();
    process.env.METRICS_ENABLED = 'false';
    try {
      installHttpObservability(app, 'identity');
    } finally {
      delete process.env.METRICS_ENABLED;
    }
    expect(app.hooks).toEqual([]);
  });
});
