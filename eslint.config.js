// Flat ESLint config: typescript-eslint's recommended rules plus the architecture's import
// boundaries (services import only libs; the frontend imports only contracts; libs import no app).
import js from '@eslint/js';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import tseslint from 'typescript-eslint';
import { createBoundariesPlugin } from './scripts/module-boundaries.mjs';

/** Domain services come from the one list (services.catalogue.json). */
const { services } = JSON.parse(readFileSync(new URL('./services.catalogue.json', import.meta.url), 'utf8'));
const appPackages = [
  ...services.map((s) => s.package),
  '@dinebuds/gateway',
  '@dinebuds/runner',
  '@dinebuds/frontend',
];
const backendLibs = [
  '@dinebuds/config',
  '@dinebuds/database',
  '@dinebuds/events',
  '@dinebuds/service-client',
  '@dinebuds/service-kit',
  '@dinebuds/runtime-tuning',
  '@dinebuds/projections',
  '@dinebuds/api-dto',
  '@dinebuds/errors',
  '@dinebuds/logging',
  '@dinebuds/testing',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '.data/**',
      '.nx/**',
      'test-results/**',
      'frontend/vite.config.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: appPackages.map((name) => ({ name, message: 'Libraries must not depend on apps.' })) },
      ],
    },
  },
  {
    files: ['services/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: appPackages.map((name) => ({
            name,
            message: 'A service imports only libs/*; other domains arrive by event.',
          })),
        },
      ],
    },
  },
  {
    files: ['gateway/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: appPackages
            .filter((n) => n !== '@dinebuds/gateway')
            .map((name) => ({ name, message: 'The gateway reaches services over HTTP, never by import.' })),
        },
      ],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...appPackages, ...backendLibs].map((name) => ({
            name,
            message: 'The frontend imports only @dinebuds/contracts.',
          })),
        },
      ],
    },
  },

  // Layering inside a service, and the Nx tag boundaries between projects.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries: createBoundariesPlugin() },
    rules: { 'boundaries/enforce-tags': 'error' },
  },
  {
    // Use cases, consumers and controllers reach the database only through repositories: they
    // may name TypeORM types (EntityManager) but not call its query APIs or the pg driver.
    files: ['services/*/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.entity.ts',
      '**/database/migrations/**',
      '**/*.service-definition.ts',
      '**/main.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['typeorm', '@nestjs/typeorm', 'pg'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Database access belongs in a *.repository.ts; import only its types here.',
          })),
        },
      ],
    },
  },
  {
    // Process tuning is opted into where an app starts (the kit's standalone main, identity's
    // password hasher), never inside a shared library's own job.
    files: ['libs/**/*.ts'],
    ignores: ['libs/runtime-tuning/**', 'libs/service-kit/src/run-main.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@dinebuds/runtime-tuning',
              message: 'Runtime tuning is opt-in where an app starts (see libs/runtime-tuning), not in a library.',
            },
          ],
        },
      ],
    },
  },
  {
    // Policies are pure rules: no framework, no database, no repository.
    files: ['services/*/src/**/*.policy.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['typeorm', 'typeorm/*', '@nestjs/*', 'pg', 'pg/*'],
              message: 'A policy is a pure rule: no TypeORM, Nest or pg.',
            },
            {
              group: ['**/*.repository', '**/*.repository.js'],
              message:
                'A policy is a pure rule: the use case reads through the repository and passes data in.',
            },
          ],
        },
      ],
    },
  },

  {
    // Issue 24: a frontend feature reaches another feature only through its public index.ts
    // (`@/features/<name>`); its api/, components/ and hooks/ are its own. Own-feature paths and
    // the app layer (which loads screens and route loaders) are free.
    files: ['frontend/src/features/**/*.{ts,tsx}'],
    plugins: {
      'frontend-features': {
        rules: {
          'import-through-index': {
            meta: {
              type: 'problem',
              schema: [],
              messages: {
                deep: "'{{source}}' reaches inside the {{feature}} feature; import it from '@/features/{{feature}}' (its index.ts).",
              },
            },
            create(context) {
              const featuresDir = resolve(import.meta.dirname, 'frontend/src/features');
              /** The feature a path lies in and the path inside it, or null outside features/. */
              const featureOf = (path) => {
                const inside = relative(featuresDir, path);
                if (!inside || inside.startsWith('..') || isAbsolute(inside)) return null;
                const [name, ...rest] = inside.split(sep);
                return { name, rest: rest.join('/').replace(/\.(tsx?|js)$/, '') };
              };
              const own = featureOf(context.filename);
              const check = (node) => {
                const source = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
                if (!source) return;
                const target = source.startsWith('@/features/')
                  ? featureOf(resolve(featuresDir, source.slice('@/features/'.length)))
                  : source.startsWith('.')
                    ? featureOf(resolve(dirname(context.filename), source))
                    : null;
                if (!target || target.name === own?.name || ['', 'index'].includes(target.rest)) return;
                context.report({ node, messageId: 'deep', data: { source, feature: target.name } });
              };
              return {
                ImportDeclaration: (node) => check(node.source),
                ExportNamedDeclaration: (node) => check(node.source),
                ExportAllDeclaration: (node) => check(node.source),
                ImportExpression: (node) => check(node.source),
              };
            },
          },
        },
      },
    },
    rules: { 'frontend-features/import-through-index': 'error' },
  },
);
