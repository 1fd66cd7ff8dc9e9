#!/usr/bin/env node
// The one test command (README, CI): type-checks and lints every project, builds them, runs every
// Jest suite (unit, frontend, integration against real PostgreSQL/RabbitMQ, API through the
// gateway, browser), prints passed/failed/skipped per tier, and ends with `N passed, N failed`.
// A failed type-check, lint or build, and a tier running fewer tests than its floor, count as
// failures, so none of them can pass unnoticed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = join(root, 'test-results', 'jest.json');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: '0' };
const jestExtraArgs = process.argv.slice(2);

/**
 * Tiers in the order they are reported, how a test file is classified, and the fewest tests each
 * must run (passed + failed) in a full run. Floors sit a little below the counts of the day they
 * were set (unit 423, frontend 53, integration 201, api 52, browser 6): a tier that silently loses
 * files (a broken testMatch, a deleted folder, a suite that stops loading) fails the run. Raise
 * them as tests are added.
 */
const TIERS = [
  { key: 'unit', label: 'unit (*.spec.ts)', floor: 800 },
  { key: 'frontend', label: 'frontend unit (jsdom)', floor: 180 },
  { key: 'integration', label: 'integration (*.int-spec.ts)', floor: 330 },
  { key: 'api', label: 'api (*.api-spec.ts)', floor: 150 },
  { key: 'browser', label: 'browser (*.e2e-spec.ts)', floor: 58 },
];

function tierOf(file) {
  if (file.startsWith('frontend/')) return 'frontend';
  if (file.endsWith('.e2e-spec.ts')) return 'browser';
  if (file.endsWith('.api-spec.ts')) return 'api';
  if (file.endsWith('.int-spec.ts')) return 'integration';
  return 'unit';
}

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status ?? 1;
}

/** Ends the run with the summary line last. */
function finish(passed, failed) {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

// Static checks first: a type error or lint error fails the run even when every test passes.
const checks = [
  { name: 'typecheck', args: ['nx', 'run-many', '-t', 'typecheck', '--output-style=stream'] },
  { name: 'lint', args: ['nx', 'run-many', '-t', 'lint', '--output-style=stream'] },
  { name: 'build', args: ['nx', 'run-many', '-t', 'build', '--output-style=stream'] },
];
const failedChecks = [];
for (const check of checks) {
  console.log(`\n[test-all] ${check.name}`);
  if (run('npx', check.args) !== 0) failedChecks.push(check.name);
}
if (failedChecks.includes('build')) {
  console.log(`\n[test-all] failed: ${failedChecks.join(', ')}; no tests were run (the build failed)`);
  finish(0, failedChecks.length);
}

mkdirSync(dirname(resultsFile), { recursive: true });
rmSync(resultsFile, { force: true });
const jestStatus = run(
  'npx',
  ['jest', '--json', `--outputFile=${resultsFile}`, '--maxWorkers=2', '--forceExit', ...jestExtraArgs],
  { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
);

const counts = Object.fromEntries(TIERS.map((t) => [t.key, { files: 0, passed: 0, failed: 0, skipped: 0 }]));
const skippedTests = [];
let resultsMissing = false;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  for (const suite of results.testResults) {
    const file = relative(root, suite.name);
    const tier = counts[tierOf(file)];
    tier.files += 1;
    // A suite that fails to load has no failed tests of its own: count it, so it can't hide.
    if (suite.testExecError || (suite.status === 'failed' && suite.assertionResults.length === 0))
      tier.failed += 1;
    for (const test of suite.assertionResults) {
      if (test.status === 'passed') tier.passed += 1;
      else if (test.status === 'failed') tier.failed += 1;
      else {
        tier.skipped += 1;
        skippedTests.push({ tier: tierOf(file), file, title: test.fullName, status: test.status });
      }
    }
  }
} else {
  resultsMissing = true;
}

/** The reason a skipped test's title gives, e.g. "… (skipped: docker-compose not on PATH)". */
function skipReason(title) {
  const match =
    /\bskip(?:ped)?\b:?\s*([^)]+)/i.exec(title) ?? /\b((?:needs|requires|without)\b[^)]*)/i.exec(title);
  return match ? match[1].trim() : 'no reason in the title';
}

const fullRun = jestExtraArgs.length === 0;
const pad = (value, width) => String(value).padStart(width);
console.log('\n[test-all] results per tier');
console.log(
  `${'tier'.padEnd(30)}${pad('files', 7)}${pad('passed', 8)}${pad('failed', 8)}${pad('skipped', 9)}${pad('floor', 7)}`,
);
const underFloor = [];
for (const tier of TIERS) {
  const c = counts[tier.key];
  const ran = c.passed + c.failed;
  if (fullRun && ran < tier.floor)
    underFloor.push(`${tier.label} ran ${ran} tests, fewer than its floor ${tier.floor}`);
  console.log(
    `${tier.label.padEnd(30)}${pad(c.files, 7)}${pad(c.passed, 8)}${pad(c.failed, 8)}${pad(c.skipped, 9)}${pad(fullRun ? tier.floor : '-', 7)}`,
  );
}
if (!fullRun) console.log('[test-all] a subset was run: tier floors not checked');
if (skippedTests.length > 0) {
  console.log(`\n[test-all] ${skippedTests.length} skipped:`);
  for (const t of skippedTests)
    console.log(`  [${t.tier}] ${t.file} › ${t.title} (${t.status}; reason: ${skipReason(t.title)})`);
}
for (const message of underFloor) console.log(`[test-all] FLOOR: ${message}`);
if (failedChecks.length > 0) console.log(`[test-all] failed checks: ${failedChecks.join(', ')}`);
if (resultsMissing) console.log('[test-all] Jest wrote no results file');

const passed = TIERS.reduce((sum, t) => sum + counts[t.key].passed, 0);
let failed =
  TIERS.reduce((sum, t) => sum + counts[t.key].failed, 0) +
  failedChecks.length +
  underFloor.length +
  (resultsMissing ? 1 : 0);
if (jestStatus !== 0 && failed === 0) {
  console.log(`[test-all] Jest exited with status ${jestStatus}`);
  failed = 1;
}
finish(passed, failed);
