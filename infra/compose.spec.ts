// Checks the distributed-mode deployment files without a container engine or a cluster:
// docker-compose.yml (services, health checks, start order, wiring, ports, secrets), .env.example
// and infra/generate-env.sh, the Dockerfiles it builds, and the Kubernetes manifests in
// infra/k8s. When Debian's docker-compose is on PATH it also validates the compose file with it;
// without it those cases are reported as skipped, naming why.
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

// ---- docker-compose.yml ------------------------------------------------------------------

type Environment = Record<string, unknown> | string[];
interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, string> };
  environment?: Environment;
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: (
    string | number | { published?: string | number; target?: number; protocol?: string; host_ip?: string }
  )[];
  volumes?: (string | { type?: string; source?: string })[];
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

const LOOPBACK = ['127.0.0.1', '::1', 'localhost'];

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

describe('docker-compose.yml', () => {
  it('has services and no top-level keys that docker-compose 1.29 rejects', () => {
    expect(serviceNames.length).toBeGreaterThan(0);
    const allowed = ['version', 'services', 'volumes', 'networks', 'secrets', 'configs'];
    const unknown = Object.keys(compose).filter((key) => !allowed.includes(key) && !key.startsWith('x-'));
    expect(unknown).toEqual([]);
  });

  it('includes the backing services, the gateway, identity, social-graph and the frontend', () => {
    expect(serviceNames).toEqual(
      expect.arrayContaining(['postgres', 'rabbitmq', 'identity', 'social-graph', 'gateway', 'frontend']),
    );
  });

  it.each(serviceNames)('%s has a build or an image', (name) => {
    const service = services[name];
    expect(service.build !== undefined || typeof service.image === 'string').toBe(true);
  });

  it.each(serviceNames)('%s has a health check', (name) => {
    const check = services[name].healthcheck;
    expect(check?.disable).not.toBe(true);
    expect(check?.test).toBeDefined();
  });

  it.each(serviceNames)('%s starts only after healthy services that exist', (name) => {
    for (const [target, options] of Object.entries(dependsOn(services[name]))) {
      expect({ name, target, exists: serviceNames.includes(target) }).toEqual({ name, target, exists: true });
      expect({ name, target, condition: options?.condition }).toEqual({
        name,
        target,
        condition: 'service_healthy',
      });
      expect(target).not.toBe(name);
    }
  });

  it('has no dependency cycle', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: string, path: string[]): void => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'visiting')
        throw new Error(`depends_on cycle: ${[...path, name].join(' -> ')}`);
      state.set(name, 'visiting');
      for (const target of Object.keys(dependsOn(services[name] ?? {}))) visit(target, [...path, name]);
      state.set(name, 'done');
    };
    expect(() => serviceNames.forEach((name) => visit(name, []))).not.toThrow();
  });

  describe('builds', () => {
    const built = serviceNames.filter((name) => buildOf(services[name]));

    it('builds the gateway, the frontend and every service from the repo root', () => {
      expect(built).toEqual(expect.arrayContaining(['identity', 'social-graph', 'gateway', 'frontend']));
      for (const name of built)
        expect({ name, context: buildOf(services[name])!.context }).toEqual({ name, context: '.' });
    });

    it.each(built)('%s: the Dockerfile exists, ships a non-root image with a health check', (name) => {
      const { context, dockerfile } = buildOf(services[name])!;
      const path = resolve(root, context, dockerfile);
      expect(existsSync(path) && statSync(path).isFile()).toBe(true);

      const stage = finalStage(path);
      const users = stage.filter((line) => /^USER\s/i.test(line)).map((line) => line.split(/\s+/)[1]);
      expect(users.length).toBeGreaterThan(0);
      expect(['root', '0', 'root:root', '0:0']).not.toContain(users[users.length - 1]);
      expect(stage.some((line) => /^HEALTHCHECK\s+(?!NONE)/i.test(line))).toBe(true);
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
      expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git', '.env']));
    });

    it('names every domain service after its folder, so http://<name>:<port> reaches it', () => {
      for (const name of domainServices) {
        expect(buildOf(services[name])!.args.APP_DIR).toBe(`services/${name}`);
      }
    });

    it('builds every Node app from the one Dockerfile, naming the app and its port', () => {
      for (const name of [...domainServices, 'gateway']) {
        const { dockerfile, args } = buildOf(services[name])!;
        expect({ name, dockerfile }).toEqual({ name, dockerfile: 'infra/docker/node-app.Dockerfile' });
        expect(args.APP_PACKAGE).toMatch(/^@dinebuds\//);
        expect(existsSync(join(root, args.APP_DIR, 'package.json'))).toBe(true);
        expect(args.APP_PORT).toBe(environmentOf(services[name]).PORT);
        expect(args.HEALTH_PATH).toMatch(/^\//);
      }
    });
  });

  describe('backends', () => {
    it.each(domainServices)(
      '%s gets the database, the broker, the internal token, a log level and a port',
      (name) => {
        const env = environmentOf(services[name]);
        expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/\S+$/);
        expect(env.AMQP_URL).toMatch(/^amqps?:\/\/\S+$/);
        expect(env.INTERNAL_TOKEN?.length ?? 0).toBeGreaterThanOrEqual(16);
        expect(env.LOG_LEVEL).toBeTruthy();
        expect(env.PORT).toMatch(/^\d+$/);
      },
    );

    it("gives the gateway the internal token, a log level, a port and the services' broker, but no database", () => {
      // It owns no data: a secret it does not need is one more to leak. The broker it needs for
      // identity's access-changed notices (its session cache).
      const env = environmentOf(services.gateway);
      expect(env.INTERNAL_TOKEN?.length ?? 0).toBeGreaterThanOrEqual(16);
      expect(env.LOG_LEVEL).toBeTruthy();
      expect(env.PORT).toMatch(/^\d+$/);
      expect(env.DATABASE_URL).toBeUndefined();
      expect(env.AMQP_URL).toBe(environmentOf(services.identity).AMQP_URL);
    });

    it('gives the gateway a TRUST_PROXY it accepts, naming hops or addresses', () => {
      const value = environmentOf(services.gateway).TRUST_PROXY;
      expect(() => parseTrustProxy(value)).not.toThrow();
      expect(parseTrustProxy(value)).not.toBe(false);
    });

    it.each(domainServices)(
      '%s reaches a Postgres and a RabbitMQ of this file and waits for them',
      (name) => {
        const env = environmentOf(services[name]);
        const deps = Object.keys(dependsOn(services[name]));
        for (const url of [env.DATABASE_URL, env.AMQP_URL]) {
          const host = hostOf(url);
          expect({ name, host, inFile: serviceNames.includes(host) }).toEqual({ name, host, inFile: true });
          expect(deps).toContain(host);
        }
      },
    );

    it('shares one INTERNAL_TOKEN between the gateway and every service', () => {
      const tokens = new Set(backends.map((name) => environmentOf(services[name]).INTERNAL_TOKEN));
      expect(tokens.size).toBe(1);
    });

    it('gives the gateway the URL of every service in the file, and waits for each', () => {
      const gateway = environmentOf(services.gateway);
      const deps = Object.keys(dependsOn(services.gateway));
      expect(domainServices.length).toBeGreaterThan(0);
      for (const name of domainServices) {
        const port = environmentOf(services[name]).PORT;
        expect({ variable: envVarFor(name), value: gateway[envVarFor(name)] }).toEqual({
          variable: envVarFor(name),
          value: `http://${name}:${port}`,
        });
        expect(deps).toContain(name);
      }
    });

    it('gives the gateway no service URL that points at nothing', () => {
      const gateway = environmentOf(services.gateway);
      const stale = Object.entries(gateway)
        .filter(([key, value]) => key.endsWith('_URL') && /^https?:\/\//.test(value))
        .filter(([, value]) => !serviceNames.includes(hostOf(value)));
      expect(stale).toEqual([]);
    });

    it('passes the optional admin account from .env to identity, with no default, and only there', () => {
      const raw = rawEnvironmentOf(services.identity);
      expect(Object.keys(raw)).toEqual(expect.arrayContaining(['ADMIN_USERNAME', 'ADMIN_PASSWORD']));
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
        expect({ name, admin: 'ADMIN_PASSWORD' in environmentOf(services[name]) }).toEqual({
          name,
          admin: false,
        });
    });

    it('starts social-graph, which consumes identity events, before identity publishes any', () => {
      // Its durable queue must exist before identity's first event (the admin account).
      expect(dependsOn(services.identity)['social-graph']?.condition).toBe('service_healthy');
      expect(environmentOf(services['social-graph']).PORT).toBe('4102');
    });
  });

  describe('ports', () => {
    const mappings = serviceNames.flatMap((name) => portsOf(name));

    it("publishes the app; the API and the broker's management UI on loopback only", () => {
      const published = (service: string) =>
        mappings.filter((m) => m.service === service).map((m) => m.hostPort);
      expect(published('frontend')).toContain('8080');
      expect(published('gateway')).toContain('3000');
      expect(published('rabbitmq')).toEqual(['15672']);
      for (const mapping of mappings.filter((m) => ['gateway', 'rabbitmq'].includes(m.service)))
        expect(mapping).toMatchObject({ hostIp: '127.0.0.1' });
    });

    it('publishes no PostgreSQL or AMQP port on all interfaces', () => {
      // Only the containers need them; with a host port they face the network.
      const exposed = mappings.filter(
        (m) => ['5432', '5672', '5671'].includes(m.containerPort) && !LOOPBACK.includes(m.hostIp ?? ''),
      );
      expect(exposed).toEqual([]);
      expect(mappings.filter((m) => ['postgres'].includes(m.service))).toEqual([]);
    });

    it('has no two services on the same host port', () => {
      const taken = mappings.filter((m) => m.hostPort).map((m) => `${m.hostPort}/${m.protocol}`);
      expect(taken.filter((port, i) => taken.indexOf(port) !== i)).toEqual([]);
    });

    it('maps each backend to the port it listens on', () => {
      for (const name of backends) {
        const port = environmentOf(services[name]).PORT;
        for (const mapping of mappings.filter((m) => m.service === name)) {
          expect({ name, containerPort: mapping.containerPort }).toEqual({ name, containerPort: port });
        }
      }
    });

    it('gives distinct backends distinct listen ports', () => {
      const ports = backends.map((name) => environmentOf(services[name]).PORT);
      expect(new Set(ports).size).toBe(ports.length);
    });
  });

  it('declares every named volume it mounts', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const name of serviceNames) {
      for (const volume of services[name].volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
        if (!source || /^[./~]/.test(source)) continue; // bind mount
        expect({ name, volume: source, declared: declared.includes(source) }).toEqual({
          name,
          volume: source,
          declared: true,
        });
      }
    }
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

  it.each(REQUIRED_SECRETS)('requires %s wherever it is used (${VAR:?message}), never a default', (name) => {
    const uses = [...text.matchAll(new RegExp(`\\$\\{${name}(\\W[^}]*)?\\}`, 'g'))].map((m) => m[0]);
    expect(uses.length).toBeGreaterThan(0);
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

  it('gives PostgreSQL and RabbitMQ their own user, not a well-known default one', () => {
    const postgres = environmentOf(services.postgres);
    const rabbitmq = environmentOf(services.rabbitmq);
    expect(postgres.POSTGRES_USER).toBeTruthy();
    expect(postgres.POSTGRES_USER).not.toBe('postgres');
    expect(rabbitmq.RABBITMQ_DEFAULT_USER).toBeTruthy();
    expect(rabbitmq.RABBITMQ_DEFAULT_USER).not.toBe('guest');
    for (const name of domainServices) {
      const env = environmentOf(services[name]);
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
      expect(statSync(target).mode & 0o077).toBe(0);
      const values = new Map([...first.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));
      for (const name of REQUIRED_SECRETS) {
        expect(values.get(name)).toMatch(/^[0-9a-f]{64}$/);
        expect(example).not.toContain(values.get(name));
      }
      expect(values.get('ADMIN_USERNAME')).toBe('admin');
      expect(values.get('ADMIN_PASSWORD')!.length).toBeGreaterThanOrEqual(32);

      const again = run();
      expect(again.status).toBe(0);
      expect(again.stderr).toMatch(/left unchanged/);
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

    whenInstalled.each(REQUIRED_SECRETS)('refuses to render without %s, naming it', (name) => {
      const { [name]: _left, ...rest } = DUMMY_ENV;
      for (const vars of [rest, { ...rest, [name]: '' }]) {
        const result = runCompose(['config', '-q'], vars);
        expect(result.status).not.toBe(0);
        expect(result.stderr).toContain(name);
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
      const published = Object.keys(rendered.services).flatMap((name) => portsOf(name, rendered));
      expect(published.length).toBeGreaterThan(0);
      expect(published.filter((p) => ['5432', '5672', '5671'].includes(p.containerPort))).toEqual([]);
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
const deployments = ofKind('Deployment');
const podSpec = (d: K8sDoc) =>
  (
    d.spec as {
      template: { metadata: { labels: Record<string, string> }; spec: { containers: Container[] } };
    }
  ).template;
const containersOf = (d: K8sDoc) => podSpec(d).spec.containers;
const component = (d: K8sDoc) => d.metadata?.labels?.['app.kubernetes.io/component'];
const serviceDeployments = deployments.filter((d) => component(d) === 'service');

describe('infra/k8s manifests', () => {
  it('parse, and every document names its apiVersion, kind and name', () => {
    expect(k8sFiles.length).toBeGreaterThan(0);
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

  it('have Deployments for identity, social-graph, the gateway and the frontend', () => {
    expect(deployments.map((d) => d.metadata?.name)).toEqual(
      expect.arrayContaining(['identity', 'social-graph', 'gateway', 'frontend']),
    );
    expect(serviceDeployments.map((d) => d.metadata?.name)).toEqual(
      expect.arrayContaining(['identity', 'social-graph']),
    );
  });

  it.each(deployments.map((d) => [d.metadata!.name!, d] as const))(
    'Deployment %s: every container has readiness and liveness probes on a declared port, resources and an image',
    (_name, deployment) => {
      for (const container of containersOf(deployment)) {
        expect(container.image).toBeTruthy();
        expect(container.readinessProbe).toBeDefined();
        expect(container.livenessProbe).toBeDefined();
        expect(container.resources?.requests?.cpu).toBeTruthy();
        expect(container.resources?.requests?.memory).toBeTruthy();
        expect(container.resources?.limits?.memory).toBeTruthy();
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

  it('select existing pods from every Service, on a declared target port', () => {
    for (const service of ofKind('Service')) {
      const spec = service.spec as {
        selector: Record<string, string>;
        ports: { targetPort?: string | number; port: number }[];
      };
      const target = deployments.find((d) =>
        Object.entries(spec.selector).every(([k, v]) => podSpec(d).metadata.labels[k] === v),
      );
      expect({ service: service.metadata?.name, found: Boolean(target) }).toEqual({
        service: service.metadata?.name,
        found: true,
      });
      const declared = containersOf(target!).flatMap((c) =>
        (c.ports ?? []).flatMap((p) => [p.name, p.containerPort]),
      );
      for (const port of spec.ports) expect(declared).toContain(port.targetPort ?? port.port);
    }
  });

  it('scale the gateway and every service with an HPA on an existing Deployment', () => {
    const hpas = ofKind('HorizontalPodAutoscaler');
    const targets = hpas.map(
      (h) => (h.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef,
    );
    for (const target of targets) {
      expect(target.kind).toBe('Deployment');
      expect(deployments.map((d) => d.metadata?.name)).toContain(target.name);
    }
    const scaled = targets.map((t) => t.name);
    for (const d of deployments.filter((d) => ['service', 'gateway'].includes(component(d) ?? ''))) {
      expect(scaled).toContain(d.metadata?.name);
    }
  });

  it('give the gateway the URL of every service, matching its Service', () => {
    const gatewayConfig = ofKind('ConfigMap').find((c) => c.metadata?.name === 'gateway-config');
    expect(gatewayConfig).toBeDefined();
    expect(serviceDeployments.length).toBeGreaterThan(0);
    for (const d of serviceDeployments) {
      const name = d.metadata!.name!;
      const svc = ofKind('Service').find((s) => s.metadata?.name === name);
      const port = (svc?.spec as { ports: { port: number }[] } | undefined)?.ports[0]?.port;
      expect({ variable: envVarFor(name), value: gatewayConfig!.data?.[envVarFor(name)] }).toEqual({
        variable: envVarFor(name),
        value: `http://${name}:${port}`,
      });
    }
  });

  it('give every service its database, broker and internal token (the gateway the token and the broker) from the Secret the example documents', () => {
    const example = k8sDocs.find(
      ({ doc }) => doc.kind === 'Secret' && doc.metadata?.name === 'dinebuds-secrets',
    );
    expect(example).toBeDefined();
    const keys = Object.keys({ ...example!.doc.stringData, ...example!.doc.data });
    const configMaps = ofKind('ConfigMap').map((c) => c.metadata?.name);
    for (const d of deployments.filter((d) => ['service', 'gateway'].includes(component(d) ?? ''))) {
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
              key: ref.key,
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
    for (const { file } of k8sDocs.filter(({ doc }) => doc.kind === 'Secret'))
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

  it('give the gateway a TRUST_PROXY it accepts, and let only the frontend reach it', () => {
    const gatewayConfig = ofKind('ConfigMap').find((c) => c.metadata?.name === 'gateway-config');
    const value = gatewayConfig?.data?.TRUST_PROXY;
    expect(() => parseTrustProxy(value)).not.toThrow();
    if (parseTrustProxy(value) === false) return;
    // Trusting a hop is safe only while nothing but that proxy can connect.
    const policy = ofKind('NetworkPolicy').find((p) => {
      const spec = p.spec as { podSelector?: { matchLabels?: Record<string, string> } };
      return spec.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'gateway';
    });
    expect(policy).toBeDefined();
    const ingress = (
      policy!.spec as { ingress: { from: { podSelector?: { matchLabels?: Record<string, string> } }[] }[] }
    ).ingress;
    const sources = ingress.flatMap((rule) =>
      rule.from.map((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name']),
    );
    expect(sources).toEqual(['frontend']);
  });

  it('list every manifest (but not the examples) and every image in kustomization.yaml', () => {
    const kustomization = k8sDocs.find(({ doc }) => doc.kind === 'Kustomization')?.doc;
    expect(kustomization).toBeDefined();
    const listed = kustomization!.resources ?? [];
    for (const resource of listed) expect(existsSync(join(k8sDir, resource))).toBe(true);
    const manifests = readdirSync(k8sDir).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...listed].sort()).toEqual(manifests.sort());
    expect(listed.some((r) => r.startsWith('examples'))).toBe(false);
    const images = (kustomization!.images ?? []).map((i) => i.name);
    for (const d of deployments) {
      for (const c of containersOf(d)) expect(images).toContain(c.image!.replace(/[:@].*$/, ''));
    }
  });

  it('deploy everything docker-compose builds, on the same port', () => {
    for (const name of serviceNames.filter((n) => buildOf(services[n]))) {
      const d = deployments.find((d) => d.metadata?.name === name);
      expect({ name, deployment: Boolean(d) }).toEqual({ name, deployment: true });
      const port = environmentOf(services[name]).PORT ?? portsOf(name)[0]?.containerPort;
      const containerPorts = containersOf(d!).flatMap((c) =>
        (c.ports ?? []).map((p) => String(p.containerPort)),
      );
      expect(containerPorts).toContain(port);
    }
  });
});
