#!/usr/bin/env node
// The one test command (README, CI): builds every project, runs every Jest suite (unit,
// integration against real PostgreSQL/RabbitMQ, API through the gateway, browser), and prints
// `N passed, N failed` as the last line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = join(root, 'test-results', 'jest.json');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' };

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status ?? 1;
}

const buildStatus = run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=stream']);
if (buildStatus !== 0) {
  console.log('build failed: no tests were run');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync(dirname(resultsFile), { recursive: true });
rmSync(resultsFile, { force: true });
const jestArgs = [
  'jest',
  '--json',
  `--outputFile=${resultsFile}`,
  '--maxWorkers=2',
  '--forceExit',
  ...process.argv.slice(2),
];
const jestStatus = run('npx', jestArgs, {
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
});

let passed = 0;
let failed = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  // A suite that fails to load has no failed tests of its own: count it, so it can't hide.
  failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
} else {
  failed = 1;
}
if (jestStatus !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && jestStatus === 0 ? 0 : 1);
