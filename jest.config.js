// One Jest run covers every backend project, so `npm test` prints a single summary.
// Nest 12 is ESM-only: tests run as ES modules (NODE_OPTIONS=--experimental-vm-modules).
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

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swcTransform },
  moduleNameMapper: {
    '^@dinebuds/identity$': '<rootDir>/services/identity/src/index.ts',
    '^@dinebuds/social-graph$': '<rootDir>/services/social-graph/src/index.ts',
    '^@dinebuds/gateway$': '<rootDir>/gateway/src/index.ts',
    '^@dinebuds/runner$': '<rootDir>/runner/src/index.ts',
    '^@dinebuds/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['**/?(*.)+(spec|int-spec|api-spec|e2e-spec).ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/frontend/'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testTimeout: 60_000,
};
