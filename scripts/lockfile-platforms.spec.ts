import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { missingOptionals } from './lockfile-platforms.mjs';

describe('package-lock.json', () => {
  it("holds every platform's optional binaries its packages name (npm ci works on any machine)", () => {
    const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
    expect(missingOptionals(lock)).toEqual([]);
  });

  it('finds an optional binary a package names but the lock lacks, also beside a nested copy', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/tool': {
          optionalDependencies: { '@tool/darwin-arm64': '1.0.0', '@tool/linux-x64': '1.0.0' },
        },
        'node_modules/@tool/linux-x64': {},
        'node_modules/app/node_modules/tool': {
          dev: true,
          optionalDependencies: { '@tool/linux-x64': '1.0.0' },
        },
      },
    };
    expect(missingOptionals(lock)).toEqual([
      { path: 'node_modules/tool', dep: '@tool/darwin-arm64', range: '1.0.0', dev: false },
    ]);
  });
});
