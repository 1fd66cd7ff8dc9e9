/**
 * Issue 13: the first page's JavaScript (the entry module and every chunk index.html
 * modulepreloads) stays within 170 KB gzip, so a phone on a slow network paints in time. Reads the
 * built frontend/dist (`npm test` builds before Jest); builds it when it is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { firstPageFiles } from '../build/first-page';

const FIRST_PAGE_JS_BUDGET_BYTES = 170_000;

const frontendDir = join(process.cwd(), 'frontend');
const distDir = join(frontendDir, 'dist');

function ensureBuilt() {
  if (existsSync(join(distDir, 'index.html'))) return;
  // Jest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const build = spawnSync('npx', ['vite', 'build'], {
    cwd: frontendDir,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
}

describe('first page bundle budget', () => {
  let scripts: string[] = [];

  beforeAll(() => {
    ensureBuilt();
    scripts = firstPageFiles(readFileSync(join(distDir, 'index.html'), 'utf8')).scripts;
  }, 180_000);

  it('loads an entry module', () => {
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts[0]).toMatch(/^\/assets\/.+\.js$/);
  });

  it(`keeps the entry and its modulepreloads within ${FIRST_PAGE_JS_BUDGET_BYTES / 1000} KB gzip`, () => {
    const sizes = scripts.map((path) => ({
      path,
      gzip: gzipSync(readFileSync(join(distDir, path))).length,
    }));
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0);
    if (total > FIRST_PAGE_JS_BUDGET_BYTES) {
      // Say which chunks the first page loads, so a failure points at what grew.
      const lines = sizes.map((file) => `  ${file.path}: ${(file.gzip / 1000).toFixed(1)} KB`);
      throw new Error(`First page JS is ${(total / 1000).toFixed(1)} KB gzip:\n${lines.join('\n')}`);
    }
    expect(total).toBeLessThanOrEqual(FIRST_PAGE_JS_BUDGET_BYTES);
  });
});
