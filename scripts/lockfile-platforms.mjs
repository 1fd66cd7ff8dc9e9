#!/usr/bin/env node
// npm leaves other platforms' optional binaries out of package-lock.json when it rewrites the lock
// over an existing node_modules (npm/cli#4828): `npm ci` on a Mac or an ARM machine would then
// install no native binary for them. `node scripts/lockfile-platforms.mjs` adds every missing one
// from the registry (run it after `npm install <pkg>`); `--check` only lists them (no network).
/* global console, process */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lockFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');

/** Where Node would find `dep` from the package at `path`: its own node_modules, then each parent's. */
function locate(packages, path, dep) {
  const parts = path.split('node_modules/');
  for (let i = parts.length; i >= 1; i--) {
    const base = parts.slice(0, i).join('node_modules/');
    const candidate = `${base}${base && !base.endsWith('/') ? '/' : ''}node_modules/${dep}`;
    if (packages[candidate]) return candidate;
  }
  return packages[`node_modules/${dep}`] ? `node_modules/${dep}` : null;
}

/** Every optional dependency a locked package names that the lock does not hold. */
export function missingOptionals(lock) {
  const missing = [];
  for (const [path, info] of Object.entries(lock.packages)) {
    for (const [dep, range] of Object.entries(info.optionalDependencies ?? {})) {
      if (!locate(lock.packages, path, dep)) missing.push({ path, dep, range, dev: info.dev === true });
    }
  }
  return missing;
}

/** The lock entry npm writes for a package of another platform, from the registry. */
function registryEntry({ dep, range, dev }) {
  const answer = JSON.parse(
    execFileSync(
      'npm',
      ['view', `${dep}@${range}`, 'version', 'dist.integrity', 'os', 'cpu', 'libc', 'license', '--json'],
      {
        encoding: 'utf8',
      },
    ),
  );
  const meta = Array.isArray(answer) ? answer[answer.length - 1] : answer;
  return {
    version: meta.version,
    integrity: meta['dist.integrity'],
    ...(meta.cpu ? { cpu: [].concat(meta.cpu) } : {}),
    ...(dev ? { dev: true } : {}),
    ...(meta.libc ? { libc: [].concat(meta.libc) } : {}),
    ...(meta.license ? { license: meta.license } : {}),
    optional: true,
    ...(meta.os ? { os: [].concat(meta.os) } : {}),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const missing = missingOptionals(lock);
  for (const item of missing) console.log(`missing: ${item.dep} (optional dependency of ${item.path})`);
  if (process.argv.includes('--check')) process.exit(missing.length === 0 ? 0 : 1);
  for (const item of missing) {
    const at = `${item.path.includes('node_modules/') ? item.path.slice(0, item.path.lastIndexOf('node_modules/')) : ''}node_modules/${item.dep}`;
    lock.packages[at] = registryEntry(item);
  }
  // npm keeps the root first and the rest in path order.
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(lockFile, JSON.stringify(lock, null, 2) + '\n');
  console.log(`${missing.length} added`);
}
