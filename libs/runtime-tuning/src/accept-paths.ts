import { spawn } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import type { Server } from 'node:net';

/**
 * The child's whole program: hand each listening handle straight back and close its own copy in
 * the same tick. Its first send of a handle is written at once (nothing is queued yet), and the
 * copy is closed before the child's loop ever polls it, so the child never accepts a connection.
 */
const ECHO_HANDLES = `process.on('message', (message, server) => {
  if (server) {
    process.send(message, server);
    server.close();
  }
  if (message.last || !server) process.disconnect();
});`;

/** How long the child may take to start and hand the copies back before the gateway goes on without them. */
const DUPLICATION_TIMEOUT_MS = 10_000;

/**
 * More ways into the gateway's listening socket, so that a burst of new connections is accepted in
 * a few event-loop turns instead of one per turn.
 *
 * libuv accepts one connection per listening handle per loop turn (since 1.45: "unix: don't
 * accept() connections in a loop"). In a storm the gateway's turns are long (~17 ms with every
 * service on one loop), so 640 clients connecting at once drained from the kernel's queue at ~60 a
 * second and the last ones' first requests timed out after 10 s. Each extra handle on the same
 * socket accepts one more per turn (a connection wakes them all; those that find none get EAGAIN).
 * Node has no dup(): a handle is duplicated the way the cluster module shares one, by sending it
 * to a child process and back over IPC, one at a time. The copies' connections are served by the
 * same HTTP server, and closing the server closes them first.
 *
 * The server answers meanwhile (the copies come within a second): callers need not wait, and a
 * server closed before they came closes them as they arrive. Resolves to the number of copies
 * made (fewer than asked when the child fails or is slow: the server then accepts as before).
 */
export async function addAcceptPaths(
  server: HttpServer,
  extra: number,
  /** The server's listen backlog: each copy is listened with Node's default (511), which the kernel applies to the socket. */
  backlog: number,
  warn: (message: string) => void,
): Promise<number> {
  if (extra <= 0) return 0;
  const copies: Server[] = [];
  // The copies stop accepting when the server does, not after its last connection has ended.
  const close = server.close;
  server.close = function (this: HttpServer, ...args: Parameters<HttpServer['close']>) {
    for (const copy of copies.splice(0)) copy.close();
    return close.apply(this, args);
  } as HttpServer['close'];
  try {
    await duplicateListener(server, extra, (copy) => {
      // Closed meanwhile (close() drops the listening handle at once).
      if (!server.listening) {
        copy.close();
        return false;
      }
      restoreBacklog(copy, backlog);
      copy.on('connection', (socket) => server.emit('connection', socket));
      copies.push(copy);
      return true;
    });
  } catch (error) {
    warn(`accepting one connection per loop turn: ${(error as Error).message}`);
  }
  return copies.length;
}

/**
 * Node listens each copy it receives with its default backlog, and listen() on any descriptor of
 * the socket sets the socket's: the gateway's 4096 (kept so a burst waits in the kernel rather than
 * in SYN retries) would be 511 again. Node's API takes a backlog only on a server's first listen,
 * so it is set again on the copy's own handle.
 */
function restoreBacklog(copy: Server, backlog: number): void {
  const handle = (copy as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
  handle?.listen?.(backlog);
}

/**
 * Sends the listening handle to a short-lived child `count` times, one after the other, and takes
 * each copy back; stops early when `onCopy` answers false.
 */
function duplicateListener(
  server: HttpServer,
  count: number,
  onCopy: (copy: Server) => boolean,
): Promise<void> {
  // The child needs none of the parent's flags (a profiler, a loader): it only echoes.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['-e', ECHO_HANDLES], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env,
  });
  let received = 0;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error('the child did not hand the copies back in time')),
      DUPLICATION_TIMEOUT_MS,
    );
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.removeAllListeners();
      if (child.connected) child.disconnect();
      if (error) reject(error);
      else resolve();
    };
    const sendNext = () => child.send({ last: received === count - 1 }, server);
    child.on('message', (_message, copy: Server | undefined) => {
      if (!copy) return finish(new Error('the child handed back no handle'));
      received += 1;
      if (!onCopy(copy) || received === count) finish();
      else sendNext();
    });
    child.once('error', (error) => finish(error));
    child.once('exit', (code) =>
      finish(new Error(`the child exited (${code}) after ${received} of ${count}`)),
    );
    sendNext();
  });
}
