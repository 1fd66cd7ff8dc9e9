// Checks the distributed-mode deployment files without a container engine or a cluster:
// docker-compose.yml (services, health checks, start order, wiring, ports), the Dockerfiles it
// builds, and the Kubernetes manifests in infra/k8s. When Debian's docker-compose is on PATH it
// also validates the compose file with it.
import { describe, it, expect } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, loadAll } from 'js-yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const composeFile = join(root, 'docker-compose.yml');
const k8sDir = join(root, 'infra', 'k8s');

// ---- docker-compose.yml ------------------------------------------------------------------

type Environment = Record<string, unknown> | string[];
interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Environment;
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: (string | number | { published?: string | number; target?: number; protocol?: string })[];
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

/** Compose variable substitution with every variable unset: `${VAR:-default}` gives the default. */
function interpolate(value: string): string {
  // `$$` is a literal `$`: substitute between them only.
  return value
    .split('$$')
    .map((part) =>
      part
        .replace(
          /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
          (_m, _name, op?: string, arg?: string) => (op === ':-' || op === '-' ? (arg ?? '') : ''),
        )
        .replace(/\$[A-Za-z_][A-Za-z0-9_]*/g, ''),
    )
    .join('$');
}

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value)]));
}

function buildOf(service: ComposeService): { context: string; dockerfile: string } | undefined {
  if (service.build === undefined) return undefined;
  if (typeof service.build === 'string') return { context: service.build, dockerfile: 'Dockerfile' };
  return { context: service.build.context ?? '.', dockerfile: service.build.dockerfile ?? 'Dockerfile' };
}

function dependsOn(service: ComposeService): Record<string, { condition?: string }> {
  const deps = service.depends_on ?? {};
  return Array.isArray(deps) ? Object.fromEntries(deps.map((name) => [name, {}])) : deps;
}

/** Domain services are built from services/<name>/Dockerfile; the gateway from gateway/Dockerfile. */
const domainServices = serviceNames.filter((name) =>
  buildOf(services[name])?.dockerfile.startsWith('services/'),
);
const backends = [...domainServices, 'gateway'];
const envVarFor = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_URL`;

function hostOf(url: string): string {
  return new URL(url).hostname;
}

interface PortMapping {
  service: string;
  hostPort?: string;
  containerPort: string;
  protocol: string;
}

function portsOf(name: string): PortMapping[] {
  return (services[name].ports ?? []).map((entry) => {
    if (typeof entry === 'object') {
      return {
        service: name,
        hostPort: entry.published === undefined ? undefined : interpolate(String(entry.published)),
        containerPort: String(entry.target),
        protocol: entry.protocol ?? 'tcp',
      };
    }
    const [mapping, protocol = 'tcp'] = interpolate(String(entry)).split('/');
    const parts = mapping.split(':');
    const containerPort = parts[parts.length - 1];
    const hostPort = parts.length >= 2 ? parts[parts.length - 2] : undefined;
    return { service: name, hostPort, containerPort, protocol };
  });
}

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
        expect(buildOf(services[name])!.dockerfile).toBe(`services/${name}/Dockerfile`);
      }
    });
  });

  describe('backends', () => {
    it.each(backends)(
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

    it.each(backends)('%s reaches a Postgres and a RabbitMQ of this file and waits for them', (name) => {
      const env = environmentOf(services[name]);
      const deps = Object.keys(dependsOn(services[name]));
      for (const url of [env.DATABASE_URL, env.AMQP_URL]) {
        const host = hostOf(url);
        expect({ name, host, inFile: serviceNames.includes(host) }).toEqual({ name, host, inFile: true });
        expect(deps).toContain(host);
      }
    });

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

    it('sets the identity admin account, and only there', () => {
      const env = environmentOf(services.identity);
      expect(env.ADMIN_USERNAME).toBeTruthy();
      expect(env.ADMIN_PASSWORD).toBeTruthy();
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
    const mappings = serviceNames.flatMap(portsOf);

    it('publishes the app, the API and the broker', () => {
      const published = (service: string) =>
        mappings.filter((m) => m.service === service).map((m) => m.hostPort);
      expect(published('frontend')).toContain('8080');
      expect(published('gateway')).toContain('3000');
      expect(published('rabbitmq')).toEqual(expect.arrayContaining(['5672', '15672']));
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

  it('passes `docker-compose config -q` when docker-compose is installed', () => {
    const probe = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
    if (probe.error || probe.status !== 0) {
      console.log(
        'docker-compose is not on PATH: skipped its offline validation ' +
          '(apt-get install -y docker-compose to include it)',
      );
      return;
    }
    const result = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: root,
      encoding: 'utf8',
      // Validate the file's own defaults, not whatever this shell happens to export.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    // Show compose's own message when it fails; warnings on success are fine.
    expect({ status: result.status, stderr: result.status === 0 ? '' : result.stderr.trim() }).toEqual({
      status: 0,
      stderr: '',
    });
  });
});

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

  it('give every backend its database, broker and internal token from the Secret the example documents', () => {
    const example = k8sDocs.find(
      ({ doc }) => doc.kind === 'Secret' && doc.metadata?.name === 'dinebuds-secrets',
    );
    expect(example).toBeDefined();
    const keys = Object.keys({ ...example!.doc.stringData, ...example!.doc.data });
    const configMaps = ofKind('ConfigMap').map((c) => c.metadata?.name);
    for (const d of deployments.filter((d) => ['service', 'gateway'].includes(component(d) ?? ''))) {
      for (const container of containersOf(d)) {
        const names = (container.env ?? []).map((e) => e.name);
        expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'AMQP_URL', 'INTERNAL_TOKEN', 'PORT']));
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
