// One load generator of the overload bench, in its own thread: the reads and the sign-in storm
// each get an event loop, so on a busy machine one generator's 512 connections do not starve the
// other's 128 (in one loop the sign-ins got no answer at all within 10 s, while the app answered
// the same storm from another process in 0.3 s). Posts back every answer's status and time.
/* global performance */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { kind, timeoutS, ...options } = workerData;
// Sign-ins: a new name each time, so the per-account throttle cannot help; only the password queue can.
const signIns = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          username: `nobody${randomBytes(6).toString('hex')}`,
          password: 'Wrong#Pass1',
        }),
      }),
    },
  ],
};
const answers = [];
// The generator's own loop delay: an answer is timed when this loop gets to it, so a starved
// generator adds its delay to every latency it reports.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
// Ready once loaded; the load starts when the bench says so, with every other generator ready too
// (one thread's start-up is not part of what another measures).
parentPort.once('message', run);
parentPort.postMessage('ready');

function run() {
  loopDelay.reset();
  const instance = autocannon({
    pipelining: 1,
    timeout: timeoutS,
    ...options,
    ...(kind === 'signins' ? signIns : {}),
  });
  const startedAt = performance.now();
  // `at`: ms since this generator started, when the answer came (the storm's first second differs).
  instance.on('response', (_client, status, _bytes, ms) =>
    answers.push({ status, ms, at: performance.now() - startedAt }),
  );
  // Thrown out of the thread: the bench's once() rejects with it.
  instance.once('error', (error) => {
    throw error;
  });
  instance.once('done', ({ duration, timeouts, errors }) =>
    parentPort.postMessage({
      answers,
      result: { duration, timeouts, errors, loopDelayP99Ms: loopDelay.percentile(99) / 1e6 },
    }),
  );
}
