// services.catalogue.json is the one list of domain services. Everything outside a service's
// folder that names it either reads the list (jest.config.js, eslint.config.js) or is written from
// it by scripts/sync-services.mjs; this file fails when any of them disagrees with the list.
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

interface CatalogueEntry {
  name: string;
  package: string;
  dir: string;
  port: number;
  schema: string;
  urlEnv: string;
  gatewayKey: string;
  after?: string[];
}
const { services } = JSON.parse(readFileSync(join(root, 'services.catalogue.json'), 'utf8')) as {
  services: CatalogueEntry[];
};

/** What a service package exports for the runner and this check (see libs/service-kit). */
interface ServiceModule {
  serviceDefinition: { definition: { name: string; schema: string; defaultPort: number } };
}

describe('services.catalogue.json', () => {
  it('lists the domain services in start order, each after the ones it names in `after`', () => {
    // Names, ports and schemas are each one service's own; a new entry needs no edit here.
    for (const key of ['name', 'port', 'schema', 'urlEnv', 'gatewayKey'] as const)
      expect(new Set(services.map((s) => s[key])).size).toBe(services.length);
    expect(services.map((s) => s.name)).toEqual(
      expect.arrayContaining(['social-graph', 'reviews', 'identity']),
    );
    for (const [at, entry] of services.entries())
      expect({ service: entry.name, after: entry.after ?? [] }).toEqual({
        service: entry.name,
        after: services
          .slice(0, at)
          .map((s) => s.name)
          .filter((name) => entry.after?.includes(name)),
      });
  });

  it('agrees with the files scripts/sync-services.mjs writes (tsconfig, runner, compose, k8s, prometheus)', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts/sync-services.mjs'), '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect({ status: run.status, out: run.stdout + run.stderr }).toEqual({ status: 0, out: '' });
  });

  it.each(services.map((s) => [s.name, s] as const))(
    '%s: its folder, package name and definition match its entry',
    async (_name, entry) => {
      const pkg = JSON.parse(readFileSync(join(root, entry.dir, 'package.json'), 'utf8')) as { name: string };
      expect(pkg.name).toBe(entry.package);
      const loaded = (await import(entry.package)) as ServiceModule;
      const { name, schema, defaultPort } = loaded.serviceDefinition.definition;
      expect({ name, schema, port: defaultPort }).toEqual({
        name: entry.name,
        schema: entry.schema,
        port: entry.port,
      });
    },
  );

  it('maps every service for Jest and keeps every service inside the lint boundaries', async () => {
    // Loaded by URL: the root configs are plain JavaScript, outside the type-checked projects.
    const load = async (file: string): Promise<unknown> =>
      ((await import(pathToFileURL(join(root, file)).href)) as { default: unknown }).default;
    const [jestConfig, eslintConfig] = await Promise.all([load('jest.config.js'), load('eslint.config.js')]);
    const backend = (
      jestConfig as { projects: { displayName: string; moduleNameMapper: Record<string, string> }[] }
    ).projects.find((p) => p.displayName === 'backend')!;
    type Rule = [string, { paths: { name: string }[] }];
    const restricted = (eslintConfig as { files?: string[]; rules?: Record<string, unknown> }[])
      .filter((block) => block.files?.includes('libs/**/*.ts'))
      .flatMap((block) =>
        ((block.rules?.['no-restricted-imports'] as Rule | undefined)?.[1].paths ?? []).map((p) => p.name),
      );
    for (const entry of services) {
      expect(backend.moduleNameMapper[`^${entry.package}$`]).toBe(`<rootDir>/${entry.dir}/src/index.ts`);
      expect(existsSync(join(root, entry.dir, 'src/index.ts'))).toBe(true);
      expect(restricted).toContain(entry.package);
    }
  });

  it('gives every service its own port, schema and gateway URL variable', () => {
    for (const key of ['name', 'port', 'schema', 'urlEnv', 'gatewayKey'] as const) {
      const values = services.map((s) => s[key]);
      expect({ key, distinct: new Set(values).size }).toEqual({ key, distinct: values.length });
    }
  });
});
