// One Jest run covers every backend project and the frontend, so `npm test` prints a single summary.
// Nest 12 is ESM-only: tests run as ES modules (NODE_OPTIONS=--experimental-vm-modules).
// Two projects in that one run: `backend` (Node environment) and `frontend` (jsdom, React).
import { readFileSync } from 'node:fs';

/** Domain services come from the one list (services.catalogue.json); libs match by name below. */
const { services } = JSON.parse(readFileSync(new URL('./services.catalogue.json', import.meta.url), 'utf8'));
const serviceMapper = Object.fromEntries(
  services.map((s) => [`^${s.package}$`, `<rootDir>/${s.dir}/src/index.ts`]),
);
const swcTransform = [
  '@swc/jest',
  {
    // The root .swcrc excludes test files from builds; tests configure swc here instead.
    swcrc: false,
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

/** Relative `./x.js` imports point at the TypeScript sources (NodeNext style). */
const stripJsExtension = { '^(\\.{1,2}/.*)\\.js$': '$1' };

/** @type {import('jest').Config} */
const backend = {
  displayName: 'backend',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swcTransform },
  moduleNameMapper: {
    ...serviceMapper,
    '^@dinebuds/gateway$': '<rootDir>/gateway/src/index.ts',
    '^@dinebuds/runner$': '<rootDir>/runner/src/index.ts',
    '^@dinebuds/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    ...stripJsExtension,
  },
  testMatch: ['**/?(*.)+(spec|int-spec|api-spec|e2e-spec).ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/frontend/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

/**
 * The web client's unit and component tests (`frontend/src/**\/*.spec.ts(x)`), in jsdom with
 * the aliases of frontend/vite.config.ts and frontend/tsconfig.json (`@/`, `@dinebuds/contracts`).
 * @type {import('jest').Config}
 */
const frontend = {
  displayName: 'frontend',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/frontend/src'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swcTransform },
  moduleNameMapper: {
    '^@dinebuds/contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^@/(.*)$': '<rootDir>/frontend/src/$1',
    '\\.css$': '<rootDir>/frontend/src/test/style-stub.ts',
    ...stripJsExtension,
  },
  setupFilesAfterEnv: ['<rootDir>/frontend/src/test/setup.ts'],
  testMatch: ['<rootDir>/frontend/src/**/*.spec.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

/** @type {import('jest').Config} */
export default {
  projects: [backend, frontend],
  testTimeout: 60_000,
  // A worker keeps what each test file loaded through Jest's ES module loader (vm modules are not
  // freed): the browser and API tests load the whole app, and since the gateway renders pages,
  // its server bundle too. A worker past this after a file is replaced by a fresh one (a CI run's
  // worker reached its 4 GB heap limit and crashed at 1,585 s).
  workerIdleMemoryLimit: '1GB',
  // Local servers by default; testcontainers when they are missing and a Docker engine exists.
  globalSetup: '<rootDir>/scripts/jest-global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.mjs',
};
