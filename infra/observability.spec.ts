// Checks the operators' files offline: Prometheus config and alert rules, Grafana provisioning
// and the DineBuds dashboard parse; every query names a metric the code exports (or Prometheus's
// own `up`); every service of the catalogue (and the gateway) is scraped, in compose and in
// Kubernetes; the observability containers stay on their profile.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { load, loadAll } from 'js-yaml';
import { exportedMetricNames } from '@dinebuds/observability';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'infra', 'observability');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const catalogue = (JSON.parse(read('services.catalogue.json')) as { services: { name: string }[] }).services;
const processes = ['gateway', ...catalogue.map((s) => s.name)];

/** The job names of prometheus.yml's scrape configs. */
function scrapeJobs(): string[] {
  const config = load(readFileSync(join(dir, 'prometheus.yml'), 'utf8')) as {
    scrape_configs: { job_name: string }[];
  };
  return config.scrape_configs.map((job) => job.job_name);
}

/** Series Prometheus makes itself (not exported by our code). */
const PROMETHEUS_OWN = new Set(['up']);
/** A histogram's series: `<name>_bucket`, `_count`, `_sum`. */
const HISTOGRAM_SUFFIX = /_(bucket|count|sum)$/;
/** PromQL words that are not metric names. */
const PROMQL_WORDS = new Set([
  'sum',
  'max',
  'min',
  'avg',
  'count',
  'by',
  'without',
  'rate',
  'increase',
  'irate',
  'topk',
  'bottomk',
  'histogram_quantile',
  'and',
  'or',
  'unless',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'le',
  'bool',
  'offset',
  'abs',
  'clamp_min',
  'clamp_max',
  'time',
  'vector',
]);

/** Metric names a PromQL expression reads: identifiers outside strings, braces and brackets. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b\d+(\.\d+)?(e[+-]?\d+)?\b/gi, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, '');
  const words = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return words.filter((w) => !PROMQL_WORDS.has(w) && !/^\d/.test(w) && !w.startsWith('$'));
}

interface Dashboard {
  uid: string;
  title: string;
  panels: { title: string; targets?: { expr: string }[] }[];
}
interface Rules {
  groups: { name: string; rules: { alert?: string; expr: string; for?: string }[] }[];
}

let exported: Set<string>;
beforeAll(async () => {
  exported = new Set(await exportedMetricNames());
});

/** Checks that every metric `expr` reads is exported (or Prometheus's own); gives their names. */
function expectKnownMetrics(where: string, expr: string): string[] {
  const names = metricNames(expr);
  for (const name of names) {
    const known =
      PROMETHEUS_OWN.has(name) || exported.has(name) || exported.has(name.replace(HISTOGRAM_SUFFIX, ''));
    expect({ where, name, known }).toEqual({ where, name, known: true });
  }
  return names;
}
/** The distinct metric names of several expressions, in order of first use. */
const distinct = (names: string[]) => [...new Set(names)];

describe('observability files', () => {
  it('the code exports the metrics the issue asks for', () => {
    for (const name of [
      'dinebuds_http_requests_total',
      'dinebuds_http_request_duration_seconds',
      'dinebuds_db_pool_connections',
      'dinebuds_events_published_total',
      'dinebuds_events_returned_total',
      'dinebuds_events_consumed_total',
      'dinebuds_events_redelivered_total',
      'dinebuds_events_dead_lettered_total',
      'dinebuds_outbox_pending',
      'dinebuds_outbox_oldest_pending_seconds',
      'dinebuds_events_inbox_handle_seconds',
      'dinebuds_events_lag_seconds',
      'dinebuds_events_queue_messages',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
    ])
      expect(exported).toContain(name);
  });

  it('reads metric names out of PromQL (and would catch a misspelt one)', () => {
    expect(
      metricNames(
        'sum by (service, le) (rate(dinebuds_http_request_duration_seconds_bucket{route!="x"}[5m])) > 0.3',
      ),
    ).toEqual(['dinebuds_http_request_duration_seconds_bucket']);
    expect(() => expectKnownMetrics('test', 'rate(dinebuds_http_request_total[5m])')).toThrow();
  });

  it('alert rules parse, cover the required conditions and name exported metrics', () => {
    const rules = load(readFileSync(join(dir, 'alerts.yml'), 'utf8')) as Rules;
    expect(rules.groups.map((g) => g.name)).toEqual(['dinebuds']);
    const all = rules.groups.flatMap((g) => g.rules);
    // Each alert, how long its condition must hold, and the metrics it reads.
    expect(
      all.map((rule) => ({
        alert: rule.alert,
        for: rule.for,
        metrics: distinct(expectKnownMetrics(`alert ${rule.alert}`, rule.expr)),
      })),
    ).toEqual([
      { alert: 'DineBudsServiceDown', for: '1m', metrics: ['up'] },
      { alert: 'DineBudsHighErrorRate', for: '5m', metrics: ['dinebuds_http_requests_total'] },
      {
        alert: 'DineBudsGatewayLatencyOverBudget',
        for: '10m',
        metrics: ['dinebuds_http_request_duration_seconds_bucket'],
      },
      {
        alert: 'DineBudsServiceLatencyOverBudget',
        for: '10m',
        metrics: ['dinebuds_http_request_duration_seconds_bucket'],
      },
      { alert: 'DineBudsOutboxBacklog', for: '1m', metrics: ['dinebuds_outbox_oldest_pending_seconds'] },
      { alert: 'DineBudsOutboxParked', for: '1m', metrics: ['dinebuds_outbox_parked'] },
      { alert: 'DineBudsDeadLetters', for: undefined, metrics: ['dinebuds_events_queue_messages'] },
    ]);
    const exprs = all.map((r) => r.expr).join('\n');
    // A process down, any of them: every scrape job is the gateway or a catalogue service.
    expect(all.find((r) => r.alert === 'DineBudsServiceDown')!.expr.trim()).toBe('up == 0');
    expect(scrapeJobs().sort()).toEqual([...processes].sort());
    expect(exprs).toMatch(/status_class="5xx"[\s\S]*> 0\.01/); // 5xx above 1%
    expect(all.find((r) => r.expr.includes('status_class="5xx"'))?.for).toBe('5m');
    expect(exprs).toMatch(/histogram_quantile\(0\.95/); // p95 above budget
    expect(exprs).toMatch(/dinebuds_outbox_oldest_pending_seconds\) > 60/); // outbox older than 60 s
    expect(exprs).toMatch(/dinebuds_events_queue_messages\{queue=~"\.\*\\\\\.dlq"\}\) > 0/); // dead letters
  });

  it('the dashboard parses, is provisioned, and every panel query names an exported metric', () => {
    const dashboard = JSON.parse(
      readFileSync(join(dir, 'grafana', 'dashboards', 'dinebuds.json'), 'utf8'),
    ) as Dashboard;
    expect(dashboard.uid).toBe('dinebuds-overview');
    const targets = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, ...t })));
    // Each panel, and the metrics each of its queries reads.
    expect(
      dashboard.panels.map((p) => ({
        panel: p.title,
        queries: (p.targets ?? []).map((t) => distinct(expectKnownMetrics(`panel ${p.title}`, t.expr))),
      })),
    ).toEqual([
      { panel: 'Requests per second', queries: [['dinebuds_http_requests_total']] },
      { panel: '5xx ratio', queries: [['dinebuds_http_requests_total']] },
      { panel: 'p95 latency', queries: [['dinebuds_http_request_duration_seconds_bucket']] },
      { panel: 'Slowest routes (p95)', queries: [['dinebuds_http_request_duration_seconds_bucket']] },
      {
        panel: 'Oldest outbox row',
        queries: [['dinebuds_outbox_oldest_pending_seconds'], ['dinebuds_outbox_pending']],
      },
      {
        panel: 'Queue depth',
        queries: [['dinebuds_events_queue_messages'], ['dinebuds_events_queue_messages']],
      },
      {
        panel: 'Dead letters',
        queries: [['dinebuds_events_queue_messages'], ['dinebuds_events_dead_lettered_total']],
      },
      { panel: 'Event lag (p95)', queries: [['dinebuds_events_lag_seconds_bucket']] },
      {
        panel: 'Events published / consumed',
        queries: [
          ['dinebuds_events_published_total'],
          ['dinebuds_events_consumed_total'],
          ['dinebuds_events_redelivered_total'],
          ['dinebuds_events_returned_total'],
        ],
      },
      { panel: 'Inbox handling (p95)', queries: [['dinebuds_events_inbox_handle_seconds_bucket']] },
      { panel: 'Database pool', queries: [['dinebuds_db_pool_connections']] },
      {
        panel: 'Event-loop delay (p99) and heap',
        queries: [['nodejs_eventloop_lag_p99_seconds'], ['nodejs_heap_size_used_bytes']],
      },
      { panel: 'GC time', queries: [['nodejs_gc_duration_seconds_sum']] },
    ]);
    expect(targets).toHaveLength(20);
    const exprs = targets.map((t) => t.expr).join('\n');
    for (const needed of [
      'dinebuds_http_requests_total',
      'status_class="5xx"',
      'histogram_quantile(0.95',
      'dinebuds_outbox_oldest_pending_seconds',
      'dinebuds_events_queue_messages',
      'dinebuds_events_dead_lettered_total',
      'dinebuds_events_lag_seconds_bucket',
    ])
      expect(exprs).toContain(needed);

    const providers = load(
      readFileSync(join(dir, 'grafana', 'provisioning', 'dashboards', 'dashboards.yml'), 'utf8'),
    ) as { providers: { options: { path: string } }[] };
    expect(providers.providers[0]?.options.path).toBe('/var/lib/grafana/dashboards');
    const sources = load(
      readFileSync(join(dir, 'grafana', 'provisioning', 'datasources', 'datasources.yml'), 'utf8'),
    ) as { datasources: { uid: string; url: string }[] };
    expect(sources.datasources.map((d) => d.uid).sort()).toEqual(['jaeger', 'prometheus']);
  });

  it('Prometheus scrapes the gateway and every catalogue service on the metrics port, with the rules loaded', () => {
    const config = load(readFileSync(join(dir, 'prometheus.yml'), 'utf8')) as {
      rule_files: string[];
      scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; port: number }[] }[];
    };
    expect(config.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    const jobs = Object.fromEntries(config.scrape_configs.map((j) => [j.job_name, j.dns_sd_configs[0]]));
    for (const name of processes) expect(jobs[name]).toEqual({ names: [name], type: 'A', port: 9464 });
  });

  it('compose runs Prometheus, Grafana and Jaeger on the observability profile only, with the files mounted', () => {
    const compose = load(read('docker-compose.yml')) as {
      services: Record<
        string,
        { profiles?: string[]; volumes?: string[]; environment?: Record<string, unknown> }
      >;
    };
    for (const name of ['prometheus', 'grafana', 'jaeger'])
      expect(compose.services[name]?.profiles).toEqual(['observability']);
    for (const name of processes) {
      expect(compose.services[name]?.profiles).toBeUndefined();
      expect(compose.services[name]?.environment).toMatchObject({
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
      });
      // Tracing off unless .env sets the endpoint.
      expect(compose.services[name]?.environment).toMatchObject({
        OTEL_EXPORTER_OTLP_ENDPOINT: '${OTEL_EXPORTER_OTLP_ENDPOINT:-}',
      });
    }
    const mounts = [
      ...(compose.services.prometheus?.volumes ?? []),
      ...(compose.services.grafana?.volumes ?? []),
    ];
    for (const mount of mounts.filter((m) => m.startsWith('./'))) {
      const path = mount.split(':')[0]!;
      expect(readdirSync(join(root, dirname(path)))).toContain(path.split('/').pop());
    }
  });

  it('Kubernetes pods of the gateway and every service carry scrape annotations and a metrics port', () => {
    for (const name of processes) {
      const docs = loadAll(read(`infra/k8s/${name}.yaml`)) as {
        kind: string;
        spec: {
          template: {
            metadata: { annotations?: Record<string, string> };
            spec: { containers: { ports: { name: string; containerPort: number }[] }[] };
          };
        };
      }[];
      const deployment = docs.find((d) => d?.kind === 'Deployment')!;
      expect(deployment.spec.template.metadata.annotations).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '9464',
        'prometheus.io/path': '/metrics',
      });
      expect(deployment.spec.template.spec.containers[0]!.ports).toContainEqual({
        name: 'metrics',
        containerPort: 9464,
      });
    }
    const config = loadAll(read('infra/k8s/config.yaml')) as {
      metadata: { name: string };
      data: Record<string, string>;
    }[];
    expect(config.find((c) => c.metadata.name === 'dinebuds-common')?.data).toMatchObject({
      METRICS_HOST: '0.0.0.0',
      METRICS_PORT: '9464',
    });
  });
});
