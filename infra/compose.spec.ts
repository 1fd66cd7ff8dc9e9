// Checks the distributed-mode deployment files without a container engine or a cluster:
// docker-compose.yml (services, images, health checks, start order, wiring, ports, secrets),
// .env.example and infra/generate-env.sh, the Dockerfiles it builds, and the Kubernetes manifests
// in infra/k8s. When Debian's docker-compose is on PATH it also validates the compose file with it;
// without it those cases are reported as skipped, naming why.
//
// Every check names the value the files must hold: the domain services' names, ports and start
// order come from services.catalogue.json (scripts/sync-services.mjs writes their blocks from
// it), everything else is spelled out in the EXPECTED_* tables below.
import { afterAll, describe, it, expect } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, loadAll } from 'js-yaml';
import { parseTrustProxy } from '@dinebuds/gateway';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const composeFile = join(root, 'docker-compose.yml');
const k8sDir = join(root, 'infra', 'k8s');

/** The secrets compose must refuse to run without (from .env or the shell; no defaults). */
const REQUIRED_SECRETS = ['INTERNAL_TOKEN', 'POSTGRES_PASSWORD', 'RABBITMQ_PASSWORD'];
/** Stand-ins for an operator's .env, for rendering the file here. */
const DUMMY_ENV: Record<string, string> = {
  INTERNAL_TOKEN: 'test-internal-token-0123456789abcdef',
  POSTGRES_PASSWORD: 'test-postgres-password',
  RABBITMQ_PASSWORD: 'test-rabbitmq-password',
};
/** Environment variable names that hold a secret. */
const SECRET_NAME = /PASSWORD|PASS$|TOKEN|SECRET/;
/** What compose says (and .env.example / generate-env.sh fix) when a required secret is missing. */
const missingSecretHelp = (name: string) =>
  `set ${name} in .env, see .env.example or run infra/generate-env.sh`;

// ---- the domain services (services.catalogue.json) ---------------------------------------

interface CatalogueEntry {
  name: string;
  package: string;
  dir: string;
  port: number;
  urlEnv: string;
  after?: string[];
  secretEnv?: string[];
  optionalSecretEnv?: string[];
  cpuRequest: string;
}
const catalogue = (
  JSON.parse(readFileSync(join(root, 'services.catalogue.json'), 'utf8')) as { services: CatalogueEntry[] }
).services;
/** Domain service names, in start order (consumers before the producers they listen to). */
const catalogueNames = catalogue.map((entry) => entry.name);
const entryOf = (name: string): CatalogueEntry => catalogue.find((entry) => entry.name === name)!;
const sorted = <T>(values: readonly T[]): T[] => [...values].sort();

// ---- what docker-compose.yml must hold ---------------------------------------------------

/** Every compose service, in file order (also an order they can start in). */
const EXPECTED_SERVICES = [
  'postgres',
  'rabbitmq',
  ...catalogueNames,
  'gateway',
  'frontend',
  'prometheus',
  'grafana',
  'jaeger',
];
/** Left out of a plain `up`: `docker-compose --profile observability up`. */
const OBSERVABILITY = ['prometheus', 'grafana', 'jaeger'];
/** Images as rendered with no tag set (DINEBUDS_TAG defaults to dev). */
const EXPECTED_IMAGES: Record<string, string> = {
  postgres: 'postgres:16',
  rabbitmq: 'rabbitmq:3-management',
  ...Object.fromEntries(catalogueNames.map((name) => [name, `dinebuds/${name}:dev`])),
  gateway: 'dinebuds/gateway:dev',
  frontend: 'dinebuds/frontend:dev',
  prometheus: 'prom/prometheus:v2.55.1',
  grafana: 'grafana/grafana:11.3.0',
  jaeger: 'jaegertracing/all-in-one:1.62.0',
};
const NODE_DOCKERFILE = 'infra/docker/node-app.Dockerfile';
/** Built services: their Dockerfile and its last USER; everything else is pulled. */
const EXPECTED_BUILDS: Record<string, { dockerfile: string; user: string }> = {
  ...Object.fromEntries(catalogueNames.map((name) => [name, { dockerfile: NODE_DOCKERFILE, user: 'node' }])),
  gateway: { dockerfile: NODE_DOCKERFILE, user: 'node' },
  frontend: { dockerfile: 'frontend/Dockerfile', user: '101' },
};
/** The Node apps' build arguments. */
const EXPECTED_NODE_ARGS: Record<string, Record<string, string>> = {
  ...Object.fromEntries(
    catalogue.map((entry) => [
      entry.name,
      {
        APP_PACKAGE: entry.package,
        APP_DIR: entry.dir,
        APP_PORT: String(entry.port),
        HEALTH_PATH: '/health',
      },
    ]),
  ),
  gateway: {
    APP_PACKAGE: '@dinebuds/gateway',
    APP_DIR: 'gateway',
    APP_PORT: '3000',
    HEALTH_PATH: '/api/health',
  },
};

interface Healthcheck {
  test?: unknown;
  disable?: boolean;
  interval?: string;
  timeout?: string;
  retries?: number;
  start_period?: string;
}
const nodeProbe = (port: number | string, path: string) => [
  'CMD',
  'node',
  '-e',
  `fetch('http://127.0.0.1:${port}${path}',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))`,
];
const wgetProbe = (url: string) => ['CMD', 'wget', '-q', '-O', '/dev/null', url];
const timing = (interval: string, timeout: string, retries: number, start_period: string) => ({
  interval,
  timeout,
  retries,
  start_period,
});
/** Each service's health check exactly as written (`$$` is compose's literal `$`). */
const EXPECTED_HEALTHCHECKS: Record<string, Healthcheck> = {
  postgres: {
    test: ['CMD-SHELL', 'pg_isready -U "$$POSTGRES_USER" -d "$$POSTGRES_DB"'],
    ...timing('5s', '5s', 10, '10s'),
  },
  rabbitmq: { test: ['CMD', 'rabbitmq-diagnostics', '-q', 'ping'], ...timing('10s', '10s', 10, '20s') },
  ...Object.fromEntries(
    catalogue.map((entry) => [
      entry.name,
      { test: nodeProbe(entry.port, '/health'), ...timing('10s', '5s', 6, '30s') }, // migrations run on start
    ]),
  ),
  gateway: { test: nodeProbe(3000, '/api/health'), ...timing('10s', '5s', 6, '20s') },
  frontend: { test: wgetProbe('http://127.0.0.1:8080/healthz'), ...timing('10s', '5s', 3, '5s') },
  prometheus: { test: wgetProbe('http://127.0.0.1:9090/-/healthy'), ...timing('10s', '5s', 6, '10s') },
  grafana: { test: wgetProbe('http://127.0.0.1:3000/api/health'), ...timing('10s', '5s', 6, '20s') },
  jaeger: { test: wgetProbe('http://127.0.0.1:14269/'), ...timing('10s', '5s', 6, '10s') },
};
/** Whom each service waits for (always until healthy). */
const EXPECTED_DEPENDS_ON: Record<string, string[]> = {
  postgres: [],
  rabbitmq: [],
  ...Object.fromEntries(
    catalogue.map((entry) => [entry.name, ['postgres', 'rabbitmq', ...(entry.after ?? [])]]),
  ),
  gateway: catalogueNames,
  frontend: ['gateway'],
  prometheus: [],
  grafana: ['prometheus'],
  jaeger: [],
};
/** Published ports with the default .env: only the app on every interface, the rest on loopback. */
const EXPECTED_PORTS: PortMapping[] = [
  { service: 'rabbitmq', hostIp: '127.0.0.1', hostPort: '15672', containerPort: '15672', protocol: 'tcp' },
  { service: 'gateway', hostIp: '127.0.0.1', hostPort: '3000', containerPort: '3000', protocol: 'tcp' },
  { service: 'frontend', hostIp: undefined, hostPort: '8080', containerPort: '8080', protocol: 'tcp' },
  { service: 'prometheus', hostIp: '127.0.0.1', hostPort: '9090', containerPort: '9090', protocol: 'tcp' },
  { service: 'grafana', hostIp: '127.0.0.1', hostPort: '3001', containerPort: '3000', protocol: 'tcp' },
  { service: 'jaeger', hostIp: '127.0.0.1', hostPort: '16686', containerPort: '16686', protocol: 'tcp' },
];
/** Named volumes, and who mounts them. */
const EXPECTED_VOLUMES = [
  { service: 'postgres', volume: 'postgres-data' },
  { service: 'rabbitmq', volume: 'rabbitmq-data' },
  { service: 'prometheus', volume: 'prometheus-data' },
];
/** The database and broker URLs every domain service gets, rendered with DUMMY_ENV. */
const DATABASE_URL = `postgres://dinebuds:${DUMMY_ENV.POSTGRES_PASSWORD}@postgres:5432/dinebuds`;
const AMQP_URL = `amqp://dinebuds:${DUMMY_ENV.RABBITMQ_PASSWORD}@rabbitmq:5672`;
/** Metrics and tracing settings every backend gets (OTLP off unless .env sets it). */
const OBSERVABILITY_ENV = { METRICS_HOST: '0.0.0.0', METRICS_PORT: '9464', OTEL_EXPORTER_OTLP_ENDPOINT: '' };
/** The gateway's tunables, with the defaults compose and Kubernetes share (but COOKIE_SECURE). */
const GATEWAY_TUNABLES = {
  TRUST_PROXY: '1',
  RATE_LIMIT_AUTH_PER_MINUTE: '20',
  BODY_LIMIT: '8mb',
  RPC_TIMEOUT_MS: '5000',
  REQUEST_TIMEOUT_MS: '120000',
  SESSION_CACHE_TTL_MS: '10000',
};
/** The gateway's one base URL per domain service. */
const SERVICE_URLS = Object.fromEntries(
  catalogue.map((entry) => [entry.urlEnv, `http://${entry.name}:${entry.port}`]),
);
/** How often each required secret appears in the file (each time as `${NAME:?help}`). */
const EXPECTED_SECRET_USES: Record<string, number> = {
  INTERNAL_TOKEN: 1, // the &internal-token anchor, shared by the gateway
  POSTGRES_PASSWORD: 2, // postgres itself, and DATABASE_URL
  RABBITMQ_PASSWORD: 2, // rabbitmq itself, and AMQP_URL
};

// ---- reading docker-compose.yml ----------------------------------------------------------

type Environment = Record<string, unknown> | string[];
interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Environment;
  healthcheck?: Healthcheck;
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: (
    string | number | { published?: string | number; target?: number; protocol?: string; host_ip?: string }
  )[];
  volumes?: (string | { type?: string; source?: string })[];
  profiles?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

const compose = load(readFileSync(composeFile, 'utf8')) as ComposeFile;
const services = compose.services ?? {};
const serviceNames = Object.keys(services);

/**
 * Compose variable substitution: `${VAR:-default}` gives VAR or the default, `${VAR:?message}`
 * gives VAR, and when VAR is unset or empty either throws (`strict`, as compose refuses) or
 * gives '' (to see what the file holds by itself).
 */
function interpolate(value: string, vars: Record<string, string> = DUMMY_ENV, strict = true): string {
  // `$$` is a literal `$`: substitute between them only.
  return value
    .split('$$')
    .map((part) =>
      part
        .replace(
          /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
          (_m, name: string, op?: string, arg?: string) => {
            const set = vars[name];
            if (op === ':?' || op === '?') {
              if (set) return set;
              if (strict) throw new Error(`${name} is required: ${arg}`);
              return '';
            }
            if (set) return set;
            return op === ':-' || op === '-' ? (arg ?? '') : '';
          },
        )
        .replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => vars[name] ?? ''),
    )
    .join('$');
}

/** A service's environment as written, before substitution. */
function rawEnvironmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]);
  return Object.fromEntries(entries);
}

/** A service's environment as compose renders it with `vars` (the dummy .env by default). */
function environmentOf(
  service: ComposeService,
  vars: Record<string, string> = DUMMY_ENV,
  strict = true,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(rawEnvironmentOf(service)).map(([key, value]) => [key, interpolate(value, vars, strict)]),
  );
}
/** The rendered environment of a service of this file, by name. */
const envOf = (name: string): Record<string, string> => environmentOf(services[name]);

function buildOf(
  service: ComposeService,
): { context: string; dockerfile: string; args: Record<string, string> } | undefined {
  if (service.build === undefined) return undefined;
  if (typeof service.build === 'string')
    return { context: service.build, dockerfile: 'Dockerfile', args: {} };
  return {
    context: service.build.context ?? '.',
    dockerfile: service.build.dockerfile ?? 'Dockerfile',
    args: service.build.args ?? {},
  };
}

function dependsOn(service: ComposeService): Record<string, { condition?: string }> {
  const deps = service.depends_on ?? {};
  return Array.isArray(deps) ? Object.fromEntries(deps.map((name) => [name, {}])) : deps;
}
/** The names a service of this file waits for. */
const depsOf = (name: string): string[] => Object.keys(dependsOn(services[name] ?? {}));

/** Domain services are the Node apps built from a folder under services/ (APP_DIR). */
const domainServices = serviceNames.filter((name) =>
  buildOf(services[name])?.args.APP_DIR?.startsWith('services/'),
);
const backends = [...domainServices, 'gateway'];
const envVarFor = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_URL`;

function hostOf(url: string): string {
  return new URL(url).hostname;
}

interface PortMapping {
  service: string;
  /** The host address it is published on; undefined = every interface. */
  hostIp?: string;
  hostPort?: string;
  containerPort: string;
  protocol: string;
}

function portsOf(name: string, file: ComposeFile = compose): PortMapping[] {
  return (file.services[name].ports ?? []).map((entry) => {
    if (typeof entry === 'object') {
      return {
        service: name,
        hostIp: entry.host_ip,
        hostPort: entry.published === undefined ? undefined : interpolate(String(entry.published)),
        containerPort: String(entry.target),
        protocol: entry.protocol ?? 'tcp',
      };
    }
    const [mapping, protocol = 'tcp'] = interpolate(String(entry)).split('/');
    const parts = mapping.split(':');
    const containerPort = parts[parts.length - 1];
    const hostPort = parts.length >= 2 ? parts[parts.length - 2] : undefined;
    const hostIp =
      parts.length >= 3
        ? parts
            .slice(0, -2)
            .join(':')
            .replace(/^\[|\]$/g, '')
        : undefined;
    return { service: name, hostIp, hostPort, containerPort, protocol };
  });
}
/** Every published port of a compose file, in service order. */
const allPortsOf = (file: ComposeFile): PortMapping[] =>
  Object.keys(file.services).flatMap((name) => portsOf(name, file));
const byService = (a: PortMapping, b: PortMapping) => a.service.localeCompare(b.service);

const LOOPBACK = ['127.0.0.1', '::1', 'localhost'];
const DATABASE_AND_BROKER_PORTS = ['5432', '5672', '5671'];

/** The instructions of a Dockerfile's last stage (the image that ships). */
function finalStage(dockerfile: string): string[] {
  const lines = readFileSync(dockerfile, 'utf8')
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const lastFrom = lines.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true);
  return lines.slice(lastFrom);
}
/** The arguments of every `INSTRUCTION args` line of a stage. */
const instructions = (stage: string[], name: string) =>
  stage
    .filter((line) => new RegExp(`^${name}\\s`, 'i').test(line))
    .map((line) => line.replace(/^\S+\s+/, ''));

describe('docker-compose.yml', () => {
  it('has exactly the expected services and no top-level keys that docker-compose 1.29 rejects', () => {
    expect(serviceNames).toEqual(EXPECTED_SERVICES);
    expect(Object.keys(compose)).toEqual(['x-service-env', 'x-service-deps', 'services', 'volumes']);
    const allowed = ['version', 'services', 'volumes', 'networks', 'secrets', 'configs'];
    const unknown = Object.keys(compose).filter((key) => !allowed.includes(key) && !key.startsWith('x-'));
    expect(unknown).toEqual([]);
  });

  it('includes the backing services, the gateway, identity, social-graph and the frontend', () => {
    expect(serviceNames).toEqual(
      expect.arrayContaining(['postgres', 'rabbitmq', 'identity', 'social-graph', 'gateway', 'frontend']),
    );
  });

  it.each(serviceNames)('%s runs the expected image (built here or pulled at a pinned version)', (name) => {
    const service = services[name];
    expect({ name, image: interpolate(service.image ?? '') }).toEqual({ name, image: EXPECTED_IMAGES[name] });
    expect({ name, dockerfile: buildOf(service)?.dockerfile }).toEqual({
      name,
      dockerfile: EXPECTED_BUILDS[name]?.dockerfile,
    });
  });

  it.each(serviceNames)('%s has the expected health check', (name) => {
    expect({ name, healthcheck: services[name].healthcheck }).toEqual({
      name,
      healthcheck: EXPECTED_HEALTHCHECKS[name],
    });
  });

  it.each(serviceNames)('%s starts only after the expected services, once healthy', (name) => {
    const healthy = Object.fromEntries(
      EXPECTED_DEPENDS_ON[name].map((target) => [target, { condition: 'service_healthy' }]),
    );
    expect({ name, depends_on: dependsOn(services[name]) }).toEqual({ name, depends_on: healthy });
    for (const target of depsOf(name)) {
      expect({ name, target, exists: serviceNames.includes(target) }).toEqual({ name, target, exists: true });
      expect(target).not.toBe(name);
    }
  });

  it('has no dependency cycle, and its file order is a start order', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const order: string[] = [];
    const visit = (name: string, path: string[]): void => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'visiting')
        throw new Error(`depends_on cycle: ${[...path, name].join(' -> ')}`);
      state.set(name, 'visiting');
      for (const target of depsOf(name)) visit(target, [...path, name]);
      state.set(name, 'done');
      order.push(name);
    };
    expect(() => serviceNames.forEach((name) => visit(name, []))).not.toThrow();
    expect(order).toEqual(EXPECTED_SERVICES);
  });

  it('leaves Prometheus, Grafana and Jaeger to the observability profile, and nothing else', () => {
    const profiled = serviceNames.filter((name) => services[name].profiles !== undefined);
    expect(profiled).toEqual(OBSERVABILITY);
    for (const name of OBSERVABILITY) expect(services[name].profiles).toEqual(['observability']);
  });

  describe('builds', () => {
    const built = serviceNames.filter((name) => buildOf(services[name]));

    it('builds the gateway, the frontend and every service from the repo root', () => {
      expect(built).toEqual([...catalogueNames, 'gateway', 'frontend']);
      for (const name of built)
        expect({ name, context: buildOf(services[name])!.context }).toEqual({ name, context: '.' });
    });

    it.each(built)('%s: the Dockerfile exists, ships a non-root image with a health check', (name) => {
      const { context, dockerfile } = buildOf(services[name])!;
      const path = resolve(root, context, dockerfile);
      expect(existsSync(path) && statSync(path).isFile()).toBe(true);

      const stage = finalStage(path);
      const users = instructions(stage, 'USER');
      expect(users).toEqual([EXPECTED_BUILDS[name].user]);
      expect(['root', '0', 'root:root', '0:0']).not.toContain(users[users.length - 1]);
      const healthchecks = instructions(stage, 'HEALTHCHECK');
      expect(healthchecks).toEqual([expect.stringMatching(/^--interval=10s .*\bCMD \[/)]);
    });

    it.each(built)(
      '%s: the Dockerfile builds with the classic builder too (no BuildKit-only syntax)',
      (name) => {
        const { context, dockerfile } = buildOf(services[name])!;
        const text = readFileSync(resolve(root, context, dockerfile), 'utf8');
        // docker-compose 1.29 builds through the engine API without BuildKit.
        expect(text).not.toMatch(/^\s*RUN\s+--mount/im);
        expect(text).not.toMatch(/^\s*COPY\s+(--\S+\s+)*--parents/im);
        expect(text).not.toMatch(/<<-?\s*['"]?EOF/);
      },
    );

    it('keeps host installs, builds and secrets out of the build context', () => {
      const ignored = readFileSync(join(root, '.dockerignore'), 'utf8')
        .split(/\r?\n/)
        .map((line) => line.trim());
      expect(ignored).toEqual(
        expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.env', '.env.*']),
      );
    });

    it('names every domain service after its folder, so http://<name>:<port> reaches it', () => {
      expect(domainServices).toEqual(catalogueNames);
      for (const name of domainServices) {
        expect(buildOf(services[name])!.args.APP_DIR).toBe(`services/${name}`);
      }
    });

    it('builds every Node app from the one Dockerfile, naming the app, its folder, port and health path', () => {
      for (const name of backends) {
        const { dockerfile, args } = buildOf(services[name])!;
        expect({ name, dockerfile, args }).toEqual({
          name,
          dockerfile: NODE_DOCKERFILE,
          args: EXPECTED_NODE_ARGS[name],
        });
        expect(existsSync(join(root, args.APP_DIR, 'package.json'))).toBe(true);
        expect(args.APP_PORT).toBe(envOf(name).PORT);
        // The compose health check asks the same port and path as the image's own.
        expect(services[name].healthcheck?.test).toEqual(nodeProbe(args.APP_PORT, args.HEALTH_PATH));
      }
    });
  });

  describe('backends', () => {
    it.each(domainServices)(
      '%s gets the database, the broker, the internal token, log level, metrics settings and its port',
      (name) => {
        const entry = entryOf(name);
        const optional = Object.fromEntries((entry.optionalSecretEnv ?? []).map((key) => [key, '']));
        expect(envOf(name)).toEqual({
          DATABASE_URL,
          AMQP_URL,
          INTERNAL_TOKEN: DUMMY_ENV.INTERNAL_TOKEN,
          LOG_LEVEL: 'info',
          ...OBSERVABILITY_ENV,
          PORT: String(entry.port),
          ...optional,
        });
      },
    );

    it("gives the gateway the internal token, log level, metrics settings, its port, tunables, the services' URLs and the broker, but no database", () => {
      // It owns no data: a secret it does not need is one more to leak. The broker it needs for
      // identity's access-changed notices (its session cache).
      const env = envOf('gateway');
      expect(env).toEqual({
        ...OBSERVABILITY_ENV,
        INTERNAL_TOKEN: DUMMY_ENV.INTERNAL_TOKEN,
        LOG_LEVEL: 'info',
        PORT: '3000',
        ...SERVICE_URLS,
        COOKIE_SECURE: 'false', // plain http on localhost
        ...GATEWAY_TUNABLES,
        AMQP_URL,
      });
      expect(env.DATABASE_URL).toBeUndefined();
      expect(env.AMQP_URL).toBe(envOf('identity').AMQP_URL);
    });

    it('gives the gateway a TRUST_PROXY it accepts: one hop (the frontend)', () => {
      const value = envOf('gateway').TRUST_PROXY;
      expect(value).toBe('1');
      expect(parseTrustProxy(value)).toBe(1);
    });

    it.each(domainServices)(
      '%s reaches the Postgres and the RabbitMQ of this file and waits for them',
      (name) => {
        const env = envOf(name);
        const hosts = [env.DATABASE_URL, env.AMQP_URL].map(hostOf);
        expect(hosts).toEqual(['postgres', 'rabbitmq']);
        for (const host of hosts) {
          expect({ name, host, inFile: serviceNames.includes(host) }).toEqual({ name, host, inFile: true });
          expect(depsOf(name)).toContain(host);
        }
      },
    );

    it('shares one INTERNAL_TOKEN, from .env, between the gateway and every service', () => {
      const tokens = new Set(backends.map((name) => envOf(name).INTERNAL_TOKEN));
      expect([...tokens]).toEqual([DUMMY_ENV.INTERNAL_TOKEN]);
    });

    it('gives the gateway the URL of every service in the file, and waits for each', () => {
      const gateway = envOf('gateway');
      const deps = depsOf('gateway');
      expect(domainServices).toEqual(catalogueNames);
      for (const name of domainServices) {
        expect(envVarFor(name)).toBe(entryOf(name).urlEnv);
        const port = envOf(name).PORT;
        expect({ variable: envVarFor(name), value: gateway[envVarFor(name)] }).toEqual({
          variable: envVarFor(name),
          value: `http://${name}:${port}`,
        });
        expect(deps).toContain(name);
      }
    });

    it('gives the gateway no service URL that points at nothing', () => {
      const gateway = envOf('gateway');
      const stale = Object.entries(gateway)
        .filter(([key, value]) => key.endsWith('_URL') && /^https?:\/\//.test(value))
        .filter(([, value]) => !serviceNames.includes(hostOf(value)));
      expect(stale).toEqual([]);
    });

    it('passes the optional admin account from .env to identity, with no default, and only there', () => {
      const raw = rawEnvironmentOf(services.identity);
      expect({ username: raw.ADMIN_USERNAME, password: raw.ADMIN_PASSWORD }).toEqual({
        username: '${ADMIN_USERNAME:-}',
        password: '${ADMIN_PASSWORD:-}',
      });
      const unset = environmentOf(services.identity, {}, false);
      expect({ username: unset.ADMIN_USERNAME, password: unset.ADMIN_PASSWORD }).toEqual({
        username: '',
        password: '',
      });
      const set = environmentOf(services.identity, {
        ...DUMMY_ENV,
        ADMIN_USERNAME: 'boss',
        ADMIN_PASSWORD: 'Pw#1x',
      });
      expect({ username: set.ADMIN_USERNAME, password: set.ADMIN_PASSWORD }).toEqual({
        username: 'boss',
        password: 'Pw#1x',
      });
      for (const name of backends.filter((n) => n !== 'identity'))
        expect({ name, admin: 'ADMIN_PASSWORD' in envOf(name) }).toEqual({
          name,
          admin: false,
        });
    });

    it('starts social-graph, which consumes identity events, before identity publishes any', () => {
      // Its durable queue must exist before identity's first event (the admin account).
      expect(dependsOn(services.identity)['social-graph']?.condition).toBe('service_healthy');
      expect(envOf('social-graph').PORT).toBe('4102');
    });
  });

  describe('ports', () => {
    const mappings = allPortsOf(compose);
    const publishedBy = (service: string) =>
      mappings.filter((m) => m.service === service).map((m) => m.hostPort);

    it('publishes exactly the app on every interface, and the API and the operator UIs on loopback', () => {
      expect([...mappings].sort(byService)).toEqual([...EXPECTED_PORTS].sort(byService));
    });

    it("publishes the app; the API and the broker's management UI on loopback only", () => {
      expect(publishedBy('frontend')).toEqual(['8080']);
      expect(publishedBy('gateway')).toEqual(['3000']);
      expect(publishedBy('rabbitmq')).toEqual(['15672']);
      for (const mapping of mappings.filter((m) => ['gateway', 'rabbitmq'].includes(m.service)))
        expect(mapping).toMatchObject({ hostIp: '127.0.0.1' });
    });

    it('publishes no PostgreSQL or AMQP port on all interfaces', () => {
      // Only the containers need them; with a host port they face the network.
      const exposed = mappings.filter(
        (m) => DATABASE_AND_BROKER_PORTS.includes(m.containerPort) && !LOOPBACK.includes(m.hostIp ?? ''),
      );
      expect(exposed).toEqual([]);
      expect(publishedBy('postgres')).toEqual([]);
    });

    it('has no two services on the same host port', () => {
      const taken = mappings.filter((m) => m.hostPort).map((m) => `${m.hostPort}/${m.protocol}`);
      expect(taken.filter((port, i) => taken.indexOf(port) !== i)).toEqual([]);
    });

    it('maps each backend to the port it listens on', () => {
      for (const name of backends) {
        const port = envOf(name).PORT;
        for (const mapping of mappings.filter((m) => m.service === name)) {
          expect({ name, containerPort: mapping.containerPort }).toEqual({ name, containerPort: port });
        }
      }
    });

    it('gives distinct backends distinct listen ports: the catalogue ports and 3000', () => {
      const ports = backends.map((name) => envOf(name).PORT);
      expect(ports).toEqual([...catalogue.map((entry) => String(entry.port)), '3000']);
      expect(new Set(ports).size).toBe(ports.length);
    });
  });

  it('declares every named volume it mounts', () => {
    const declared = Object.keys(compose.volumes ?? {});
    expect(declared).toEqual(EXPECTED_VOLUMES.map((v) => v.volume));
    const named = serviceNames.flatMap((name) =>
      (services[name].volumes ?? [])
        .map((volume) => (typeof volume === 'string' ? volume.split(':')[0] : volume.source))
        .filter((source): source is string => !!source && !/^[./~]/.test(source)) // not bind mounts
        .map((volume) => ({ service: name, volume })),
    );
    expect(named).toEqual(EXPECTED_VOLUMES);
    for (const { service: name, volume } of named)
      expect({ name, volume, declared: declared.includes(volume) }).toEqual({ name, volume, declared: true });
  });
});

// ---- secrets: none in the file, each one required, .env.example and generate-env.sh ---------

describe('secrets in docker-compose.yml', () => {
  const text = readFileSync(composeFile, 'utf8');
  const exampleFile = join(root, '.env.example');
  const example = existsSync(exampleFile) ? readFileSync(exampleFile, 'utf8') : '';
  /** KEY=value lines of .env.example, commented-out ones included. */
  const exampleEntries = new Map(
    [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [
      m[1],
      m[2].replace(/\s+#.*$/, '').trim(),
    ]),
  );
  /** The uncommented KEY= lines of .env.example, in order: what generate-env.sh fills in. */
  const exampleKeys = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);

  it.each(REQUIRED_SECRETS)('requires %s wherever it is used (${VAR:?message}), never a default', (name) => {
    const uses = [...text.matchAll(new RegExp(`\\$\\{${name}(\\W[^}]*)?\\}`, 'g'))].map((m) => m[0]);
    expect(uses).toEqual(Array(EXPECTED_SECRET_USES[name]).fill(`\${${name}:?${missingSecretHelp(name)}}`));
    for (const use of uses) expect(use).toMatch(new RegExp(`^\\$\\{${name}:\\?.+\\}$`));
  });

  it.each(serviceNames)('%s: no password, token or secret comes from the file itself', (name) => {
    // Rendered with no variables set, a secret is empty: nothing in the file can serve as one.
    const env = environmentOf(services[name], {}, false);
    for (const [key, value] of Object.entries(env)) {
      if (SECRET_NAME.test(key)) expect({ key, value }).toEqual({ key, value: '' });
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
        expect({ key, password: new URL(value).password }).toEqual({ key, password: '' });
    }
  });

  it('gives PostgreSQL and RabbitMQ their own user (dinebuds), not a well-known default one', () => {
    const postgres = envOf('postgres');
    const rabbitmq = envOf('rabbitmq');
    expect(postgres).toEqual({
      POSTGRES_USER: 'dinebuds',
      POSTGRES_PASSWORD: DUMMY_ENV.POSTGRES_PASSWORD,
      POSTGRES_DB: 'dinebuds',
    });
    expect(rabbitmq).toEqual({
      RABBITMQ_DEFAULT_USER: 'dinebuds',
      RABBITMQ_DEFAULT_PASS: DUMMY_ENV.RABBITMQ_PASSWORD,
    });
    expect(postgres.POSTGRES_USER).not.toBe('postgres');
    expect(rabbitmq.RABBITMQ_DEFAULT_USER).not.toBe('guest');
    for (const name of domainServices) {
      const env = envOf(name);
      expect(decodeURIComponent(new URL(env.DATABASE_URL).username)).toBe(postgres.POSTGRES_USER);
      expect(decodeURIComponent(new URL(env.DATABASE_URL).password)).toBe(postgres.POSTGRES_PASSWORD);
      expect(decodeURIComponent(new URL(env.AMQP_URL).username)).toBe(rabbitmq.RABBITMQ_DEFAULT_USER);
      expect(decodeURIComponent(new URL(env.AMQP_URL).password)).toBe(rabbitmq.RABBITMQ_DEFAULT_PASS);
    }
  });

  it('has an .env.example naming every variable the file reads, with every secret left empty', () => {
    const read = new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]));
    expect([...read].filter((name) => !exampleEntries.has(name))).toEqual([]);
    for (const [name, value] of exampleEntries)
      if (SECRET_NAME.test(name)) expect({ name, value }).toEqual({ name, value: '' });
    expect(exampleKeys).toEqual([
      'INTERNAL_TOKEN',
      'POSTGRES_USER',
      'POSTGRES_PASSWORD',
      'RABBITMQ_USER',
      'RABBITMQ_PASSWORD',
      'ADMIN_USERNAME',
      'ADMIN_PASSWORD',
    ]);
  });

  it('keeps .env out of git', () => {
    const ignored = readFileSync(join(root, '.gitignore'), 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim());
    expect(ignored).toContain('.env');
  });

  describe('infra/generate-env.sh', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dinebuds-env-'));
    const target = join(dir, '.env');
    const run = () => spawnSync('sh', [join(root, 'infra', 'generate-env.sh'), target], { encoding: 'utf8' });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('writes .env once, owner-only, with long random secrets; never overwrites it', () => {
      expect(run().status).toBe(0);
      const first = readFileSync(target, 'utf8');
      expect(statSync(target).mode & 0o777).toBe(0o600);
      const values = new Map([...first.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));
      expect([...values.keys()]).toEqual(exampleKeys);
      for (const name of REQUIRED_SECRETS) {
        expect(values.get(name)).toMatch(/^[0-9a-f]{64}$/);
        expect(example).not.toContain(values.get(name));
      }
      expect(values.get('POSTGRES_USER')).toBe('dinebuds');
      expect(values.get('RABBITMQ_USER')).toBe('dinebuds');
      expect(values.get('ADMIN_USERNAME')).toBe('admin');
      // Both cases, a digit and a symbol (identity's admin password rules), then 64 hex digits.
      expect(values.get('ADMIN_PASSWORD')).toMatch(/^Db-1[0-9a-f]{64}$/);

      const again = run();
      expect(again.status).toBe(0);
      expect(again.stderr).toBe(
        `${target} already exists: left unchanged (delete it first to generate new secrets).\n`,
      );
      expect(readFileSync(target, 'utf8')).toBe(first);
    });
  });
});

// ---- docker-compose itself, when installed ----------------------------------------------------

const composeInstalled = (() => {
  const probe = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
  return !probe.error && probe.status === 0;
})();
const whenInstalled = composeInstalled ? it : it.skip;

/** Runs docker-compose on the file with exactly `vars` as its environment (not this shell's). */
function runCompose(args: string[], vars: Record<string, string>) {
  return spawnSync('docker-compose', ['-f', 'docker-compose.yml', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...vars },
  });
}

describe(
  composeInstalled
    ? 'docker-compose config (Debian docker-compose 1.29 installed)'
    : 'docker-compose config (skipped: docker-compose not installed; apt-get install -y docker-compose)',
  () => {
    whenInstalled('passes `docker-compose config -q` with the required secrets set', () => {
      const result = runCompose(['config', '-q'], DUMMY_ENV);
      // Show compose's own message when it fails; warnings on success are fine.
      expect({ status: result.status, stderr: result.status === 0 ? '' : result.stderr.trim() }).toEqual({
        status: 0,
        stderr: '',
      });
    });

    whenInstalled.each(REQUIRED_SECRETS)('refuses to render without %s, naming it and the fix', (name) => {
      const { [name]: _left, ...rest } = DUMMY_ENV;
      for (const vars of [rest, { ...rest, [name]: '' }]) {
        const result = runCompose(['config', '-q'], vars);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`: ${missingSecretHelp(name)}`);
      }
    });

    whenInstalled('renders with the .env that infra/generate-env.sh writes', () => {
      const dir = mkdtempSync(join(tmpdir(), 'dinebuds-env-'));
      try {
        const envFile = join(dir, '.env');
        expect(spawnSync('sh', [join(root, 'infra', 'generate-env.sh'), envFile]).status).toBe(0);
        const result = runCompose(['--env-file', envFile, 'config'], {});
        expect({ status: result.status, stderr: result.status === 0 ? '' : result.stderr }).toEqual({
          status: 0,
          stderr: '',
        });
        const generated = readFileSync(envFile, 'utf8');
        const token = /^INTERNAL_TOKEN=(.+)$/m.exec(generated)![1];
        const rendered = load(result.stdout) as ComposeFile;
        for (const name of backends)
          expect(environmentOf(rendered.services[name], {}).INTERNAL_TOKEN).toBe(token);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    whenInstalled('renders no PostgreSQL or AMQP port on a host interface, and the rest as written', () => {
      const result = runCompose(['config'], DUMMY_ENV);
      expect(result.status).toBe(0);
      const rendered = load(result.stdout) as ComposeFile;
      const published = allPortsOf(rendered);
      expect([...published].sort(byService)).toEqual([...EXPECTED_PORTS].sort(byService));
      expect(published.filter((p) => DATABASE_AND_BROKER_PORTS.includes(p.containerPort))).toEqual([]);
      expect(published.filter((p) => p.service !== 'frontend' && !LOOPBACK.includes(p.hostIp ?? ''))).toEqual(
        [],
      );
    });
  },
);

// ---- infra/k8s -----------------------------------------------------------------------------

interface Probe {
  httpGet?: { path?: string; port?: string | number };
  tcpSocket?: { port?: string | number };
  exec?: { command?: string[] };
}
interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface K8sDoc {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  resources?: string[];
  images?: { name: string }[];
}
interface LoadedDoc {
  file: string;
  doc: K8sDoc;
}

/** What a Deployment's container must hold, by Deployment. */
interface ExpectedContainer {
  probes: { readiness: Probe; liveness: Probe; startup?: Probe };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  /** Its env entries by name, in order. */
  env: string[];
  configMaps: string[];
}
const httpGet = (path: string): Probe => ({ httpGet: { path, port: 'http' } });
const tcpHttp: Probe = { tcpSocket: { port: 'http' } };
const EXPECTED_CONTAINERS: Record<string, ExpectedContainer> = {
  ...Object.fromEntries(
    catalogue.map((entry): [string, ExpectedContainer] => [
      entry.name,
      {
        probes: { readiness: httpGet('/health'), liveness: tcpHttp, startup: tcpHttp },
        resources: {
          requests: { cpu: entry.cpuRequest, memory: '256Mi' },
          limits: { cpu: '1', memory: '512Mi' },
        },
        env: [
          'PORT',
          'NODE_OPTIONS',
          'DATABASE_URL',
          'AMQP_URL',
          'INTERNAL_TOKEN',
          ...(entry.secretEnv ?? []),
          ...(entry.optionalSecretEnv ?? []),
        ],
        configMaps: ['dinebuds-common'],
      },
    ]),
  ),
  // /api/env, not /api/health: one service down must not take every gateway pod out.
  gateway: {
    probes: { readiness: httpGet('/api/env'), liveness: tcpHttp, startup: tcpHttp },
    resources: { requests: { cpu: '200m', memory: '192Mi' }, limits: { cpu: '1', memory: '512Mi' } },
    env: ['PORT', 'NODE_OPTIONS', 'INTERNAL_TOKEN', 'AMQP_URL'],
    configMaps: ['dinebuds-common', 'gateway-config'],
  },
  frontend: {
    probes: { readiness: httpGet('/healthz'), liveness: httpGet('/healthz') },
    resources: { requests: { cpu: '50m', memory: '32Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
    env: ['GATEWAY_URL', 'REAL_IP_FROM'],
    configMaps: [],
  },
};
const EXPECTED_K8S_FILES = sorted([
  'config.yaml',
  'examples/secret.example.yaml',
  'frontend.yaml',
  'gateway.yaml',
  'hpa.yaml',
  ...catalogueNames.map((name) => `${name}.yaml`),
  'ingress.yaml',
  'kustomization.yaml',
  'namespace.yaml',
  'network-policy.yaml',
]).map((file) => `infra/k8s/${file}`);
const EXAMPLE_SECRET_FILE = 'infra/k8s/examples/secret.example.yaml';
const EXPECTED_SECRET_KEYS = [
  'DATABASE_URL',
  'AMQP_URL',
  'INTERNAL_TOKEN',
  ...catalogue.flatMap((entry) => [...(entry.secretEnv ?? []), ...(entry.optionalSecretEnv ?? [])]),
];

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return yamlFilesUnder(path);
    return /\.ya?ml$/.test(entry.name) ? [path] : [];
  });
}

const k8sFiles = existsSync(k8sDir) ? yamlFilesUnder(k8sDir) : [];
const k8sDocs: LoadedDoc[] = k8sFiles.flatMap((file) =>
  loadAll(readFileSync(file, 'utf8'))
    .filter((doc) => doc != null)
    .map((doc) => ({ file: relative(root, file), doc: doc as K8sDoc })),
);
const ofKind = (kind: string) => k8sDocs.filter(({ doc }) => doc.kind === kind).map(({ doc }) => doc);
/** The document of that kind and name, and the file it is in (undefined, undefined if none). */
const findDoc = (kind: string, name: string): Partial<LoadedDoc> =>
  k8sDocs.find(({ doc }) => doc.kind === kind && doc.metadata?.name === name) ?? {};
const nameOf = (doc: K8sDoc | undefined) => doc?.metadata?.name;
const deployments = ofKind('Deployment');
const podSpec = (d: K8sDoc) =>
  (
    d.spec as {
      template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } };
    }
  ).template;
const containersOf = (d: K8sDoc) => podSpec(d).spec.containers;
const declaredPorts = (d: K8sDoc) =>
  containersOf(d).flatMap((c) => (c.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
const component = (d: K8sDoc) => d.metadata?.labels?.['app.kubernetes.io/component'];
const serviceDeployments = deployments.filter((d) => component(d) === 'service');
const backendDeployments = deployments.filter((d) => ['service', 'gateway'].includes(component(d) ?? ''));
const gatewayConfig = findDoc('ConfigMap', 'gateway-config').doc;
/** A probe's handler (what it asks), without its timings. */
const handlerOf = (probe?: Probe): Probe | undefined =>
  probe && { httpGet: probe.httpGet, tcpSocket: probe.tcpSocket, exec: probe.exec };

describe('infra/k8s manifests', () => {
  it('parse, and every document names its apiVersion, kind and name', () => {
    expect(sorted(k8sFiles.map((file) => relative(root, file)))).toEqual(EXPECTED_K8S_FILES);
    for (const { file, doc } of k8sDocs) {
      expect({ file, apiVersion: typeof doc.apiVersion, kind: typeof doc.kind }).toEqual({
        file,
        apiVersion: 'string',
        kind: 'string',
      });
      if (doc.kind !== 'Kustomization')
        expect({ file, name: typeof doc.metadata?.name }).toEqual({ file, name: 'string' });
    }
  });

  it('have Deployments for exactly the services, the gateway and the frontend', () => {
    expect(sorted(deployments.map(nameOf))).toEqual(sorted([...catalogueNames, 'gateway', 'frontend']));
    expect(sorted(serviceDeployments.map(nameOf))).toEqual(sorted(catalogueNames));
    expect(deployments.map(nameOf)).toEqual(
      expect.arrayContaining(['identity', 'social-graph', 'gateway', 'frontend']),
    );
  });

  it.each(deployments.map((d) => [d.metadata!.name!, d] as const))(
    'Deployment %s: its one container runs its image, with the expected probes on a declared port, resources and env',
    (name, deployment) => {
      const expected = EXPECTED_CONTAINERS[name];
      expect(containersOf(deployment).map((c) => c.name)).toEqual([name]);
      for (const container of containersOf(deployment)) {
        expect(container.image).toBe(`dinebuds/${name}:dev`);
        expect({
          readiness: handlerOf(container.readinessProbe),
          liveness: handlerOf(container.livenessProbe),
          startup: handlerOf(container.startupProbe),
        }).toEqual(expected.probes);
        expect(container.resources).toEqual(expected.resources);
        expect((container.env ?? []).map((e) => e.name)).toEqual(expected.env);
        expect((container.envFrom ?? []).map((from) => from.configMapRef?.name)).toEqual(expected.configMaps);
        const declared = (container.ports ?? []).flatMap((p) => [p.name, p.containerPort]);
        for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
          const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
          if (port !== undefined) expect(declared).toContain(port);
        }
      }
    },
  );

  it('run every pod as non-root', () => {
    for (const d of deployments) {
      const spec = podSpec(d).spec as { securityContext?: { runAsNonRoot?: boolean } };
      expect({ deployment: d.metadata?.name, runAsNonRoot: spec.securityContext?.runAsNonRoot }).toEqual({
        deployment: d.metadata?.name,
        runAsNonRoot: true,
      });
    }
  });

  it('select the Deployment of the same name from every Service, on a declared target port', () => {
    expect(sorted(ofKind('Service').map(nameOf))).toEqual(sorted(deployments.map(nameOf)));
    for (const service of ofKind('Service')) {
      const spec = service.spec as {
        selector: Record<string, string>;
        ports: { targetPort?: string | number; port: number }[];
      };
      const target = deployments.find((d) =>
        Object.entries(spec.selector).every(([k, v]) => podSpec(d).metadata.labels[k] === v),
      );
      expect({ service: nameOf(service), selects: nameOf(target) }).toEqual({
        service: nameOf(service),
        selects: nameOf(service),
      });
      for (const port of spec.ports) expect(declaredPorts(target!)).toContain(port.targetPort ?? port.port);
    }
  });

  it('scale the gateway and every service with an HPA on an existing Deployment', () => {
    const hpas = ofKind('HorizontalPodAutoscaler');
    const targets = hpas.map(
      (h) => (h.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef,
    );
    for (const target of targets) {
      expect(target.kind).toBe('Deployment');
      expect(deployments.map(nameOf)).toContain(target.name);
    }
    const scaled = targets.map((t) => t.name);
    expect(sorted(scaled)).toEqual(sorted(['gateway', ...catalogueNames]));
    for (const d of backendDeployments) expect(scaled).toContain(d.metadata?.name);
  });

  it('give the gateway the URL of every service, matching its Service, and its tunables', () => {
    expect(gatewayConfig?.data).toEqual({
      ...SERVICE_URLS,
      COOKIE_SECURE: 'true', // browsers come in over HTTPS through the ingress
      ...GATEWAY_TUNABLES,
    });
    expect(sorted(serviceDeployments.map(nameOf))).toEqual(sorted(catalogueNames));
    for (const d of serviceDeployments) {
      const name = d.metadata!.name!;
      const svc = findDoc('Service', name).doc;
      const port = (svc?.spec as { ports: { port: number }[] } | undefined)?.ports[0]?.port;
      expect(port).toBe(entryOf(name).port);
      expect({ variable: envVarFor(name), value: gatewayConfig!.data?.[envVarFor(name)] }).toEqual({
        variable: envVarFor(name),
        value: `http://${name}:${port}`,
      });
    }
  });

  it('give every service its database, broker and internal token (the gateway the token and the broker) from the Secret the example documents', () => {
    const example = findDoc('Secret', 'dinebuds-secrets');
    expect(example.file).toBe(EXAMPLE_SECRET_FILE);
    const keys = Object.keys({ ...example.doc!.stringData, ...example.doc!.data });
    expect(keys).toEqual(EXPECTED_SECRET_KEYS);
    const configMaps = ofKind('ConfigMap').map(nameOf);
    expect(configMaps).toEqual(['dinebuds-common', 'gateway-config']);
    for (const d of backendDeployments) {
      for (const container of containersOf(d)) {
        const names = (container.env ?? []).map((e) => e.name);
        if (component(d) === 'service')
          expect(names).toEqual(
            expect.arrayContaining(['DATABASE_URL', 'AMQP_URL', 'INTERNAL_TOKEN', 'PORT']),
          );
        else {
          expect(names).toEqual(expect.arrayContaining(['INTERNAL_TOKEN', 'AMQP_URL', 'PORT']));
          expect(names).not.toContain('DATABASE_URL');
        }
        for (const entry of container.env ?? []) {
          const ref = entry.valueFrom?.secretKeyRef;
          if (ref)
            expect({
              env: entry.name,
              secret: ref.name,
              key: keys.includes(ref.key) ? ref.key : 'missing',
            }).toEqual({
              env: entry.name,
              secret: 'dinebuds-secrets',
              key: entry.name, // each secret under its own variable's name
            });
        }
        for (const from of container.envFrom ?? []) {
          if (from.configMapRef) expect(configMaps).toContain(from.configMapRef.name);
        }
      }
    }
  });

  it('read every secret from a Secret: no secret-like literal in env values or ConfigMaps', () => {
    const secretLike = (name: string, value: string) =>
      SECRET_NAME.test(name) || /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]*@/i.test(value);
    for (const d of deployments)
      for (const container of containersOf(d))
        for (const entry of container.env ?? [])
          if (entry.value !== undefined)
            expect({ env: entry.name, secretLike: secretLike(entry.name, entry.value) }).toEqual({
              env: entry.name,
              secretLike: false,
            });
    for (const map of ofKind('ConfigMap'))
      for (const [key, value] of Object.entries(map.data ?? {}))
        expect({ key, secretLike: secretLike(key, value) }).toEqual({ key, secretLike: false });
    // The only Secret in the tree is the example, and it is never applied.
    const secretFiles = k8sDocs.filter(({ doc }) => doc.kind === 'Secret').map(({ file }) => file);
    expect(secretFiles).toEqual([EXAMPLE_SECRET_FILE]);
    for (const file of secretFiles)
      expect({ file, example: file.includes('/examples/') }).toEqual({ file, example: true });
  });

  it('keep placeholders, not working values, in the example Secret', () => {
    const example = k8sDocs.find(({ doc }) => doc.kind === 'Secret')!.doc;
    for (const [key, value] of Object.entries({ ...example.stringData, ...example.data })) {
      const password = /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
        ? decodeURIComponent(new URL(value).password)
        : null;
      if (SECRET_NAME.test(key)) expect({ key, value }).toEqual({ key, value: 'CHANGE-ME' });
      if (password !== null) expect({ key, password }).toEqual({ key, password: 'CHANGE-ME' });
    }
  });

  it('give the gateway a TRUST_PROXY it accepts (one hop), and let only the frontend reach it', () => {
    const value = gatewayConfig?.data?.TRUST_PROXY;
    expect(value).toBe('1');
    expect(parseTrustProxy(value)).toBe(1);
    // Trusting a hop is safe only while nothing but that proxy can connect.
    const policies = ofKind('NetworkPolicy').filter((p) => {
      const spec = p.spec as { podSelector?: { matchLabels?: Record<string, string> } };
      return spec.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'gateway';
    });
    expect(policies.map(nameOf)).toEqual(['gateway-from-frontend-only']);
    const ingress = (
      policies[0].spec as {
        ingress: { from: { podSelector?: { matchLabels?: Record<string, string> } }[]; ports?: unknown[] }[];
      }
    ).ingress;
    const sources = ingress.flatMap((rule) =>
      rule.from.map((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name']),
    );
    expect(sources).toEqual(['frontend']);
    expect(ingress.map((rule) => rule.ports)).toEqual([[{ port: 3000 }]]);
  });

  it('list every manifest (but not the examples) and every image in kustomization.yaml', () => {
    const kustomizations = k8sDocs.filter(({ doc }) => doc.kind === 'Kustomization');
    expect(kustomizations.map(({ file }) => file)).toEqual(['infra/k8s/kustomization.yaml']);
    const kustomization = kustomizations[0].doc;
    const listed = kustomization.resources ?? [];
    for (const resource of listed) expect(existsSync(join(k8sDir, resource))).toBe(true);
    const manifests = readdirSync(k8sDir).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...listed].sort()).toEqual(manifests.sort());
    expect(listed.some((r) => r.startsWith('examples'))).toBe(false);
    const images = (kustomization.images ?? []).map((i) => i.name);
    expect(images).toEqual([...catalogueNames, 'gateway', 'frontend'].map((name) => `dinebuds/${name}`));
    for (const d of deployments) {
      for (const c of containersOf(d)) expect(images).toContain(c.image!.replace(/[:@].*$/, ''));
    }
  });

  it('deploy everything docker-compose builds, on the same port', () => {
    for (const name of serviceNames.filter((n) => buildOf(services[n]))) {
      const d = deployments.find((d) => d.metadata?.name === name);
      expect({ name, deployment: nameOf(d) }).toEqual({ name, deployment: name });
      const port = envOf(name).PORT ?? portsOf(name)[0]?.containerPort;
      const containerPorts = containersOf(d!).flatMap((c) =>
        (c.ports ?? []).map((p) => String(p.containerPort)),
      );
      expect(containerPorts).toContain(port);
    }
  });
});
