#!/usr/bin/env node
// `npm run bench [-- args]`: one entry, so npm's appended arguments reach the right script.
//   npm run bench                      the platform table, then reviews, discovery, messaging, then observability costs
//   npm run bench -- --duration 5      the same, each run 5 s (passed to every script)
//   npm run bench -- overload [...]    only the overload scenario (scripts/bench/overload.mjs)
// A benchmark, not a test: the exit code says only whether the scripts could measure.
/* global process */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const run = (script, scriptArgs) =>
  spawnSync(process.execPath, [join(here, script), ...scriptArgs], { stdio: 'inherit' }).status ?? 1;

if (args[0] === 'overload') process.exit(run('platform.mjs', args));
if (args.includes('--help') || args.includes('-h')) {
  for (const script of ['platform.mjs', 'reviews.mjs', 'discovery.mjs', 'messaging.mjs', 'observability.mjs']) run(script, ['--help']);
  process.exit(0);
}
// Only the options every script understands travel on; the rest go to platform.mjs alone.
const shared = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--duration' && args[i + 1] !== undefined) shared.push(args[i], args[++i]);
  else if (args[i].startsWith('--duration=')) shared.push(args[i]);
}
let failed = run('platform.mjs', args);
failed ||= run('reviews.mjs', shared);
failed ||= run('discovery.mjs', shared);
failed ||= run('messaging.mjs', shared);
failed ||= run('observability.mjs', shared);
process.exit(failed ? 1 : 0);
