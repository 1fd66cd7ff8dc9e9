#!/usr/bin/env node
// The one-process mode for the benchmark: `npm start`'s code path (runner/dist) in a child process,
// so the load generator never shares its event loop. Reports the service URLs to the parent.
/* global process */
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { loadRunnerConfig, startAllInOne } = await import(
  pathToFileURL(join(repoRoot, 'runner/dist/index.js')).href
);
const system = await startAllInOne(loadRunnerConfig(process.env));
process.send?.({ ready: true, url: system.url, services: system.services });
// A full collection on request, to tell garbage from live data (bench child only: the app itself
// never forces one). --expose-gc set at run time, gc read from a new context (Node's documented way).
setFlagsFromString('--expose-gc');
const fullGarbageCollection = runInNewContext('gc');

// The overload bench asks where the memory is (V8 heap or outside it).
process.on('message', (message) => {
  if (message?.type !== 'memory') return;
  const before = process.memoryUsage();
  fullGarbageCollection();
  process.send?.({ type: 'memory', usage: before, afterGc: process.memoryUsage() });
});
process.on('SIGTERM', async () => {
  await system.stop();
  process.exit(0);
});
