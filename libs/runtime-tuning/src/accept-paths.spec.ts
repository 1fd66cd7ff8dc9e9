import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { addAcceptPaths } from './accept-paths.js';

let server: Server | undefined;
const clients: Socket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function listen(backlog = 511): Promise<{ server: Server; port: number }> {
  server = createServer((_req, res) => res.end('served'));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', backlog, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * Opens `count` connections while every loop turn is kept busy for 5 ms (as in a storm), and
 * answers how many the server accepted in its busiest turn.
 */
async function mostAcceptedInOneTurn(target: Server, port: number, count: number): Promise<number> {
  let turn = 0;
  const perTurn = new Map<number, number>();
  target.on('connection', () => perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1));
  let busy = true;
  const busyTurn = () => {
    turn += 1;
    const until = performance.now() + 5;
    while (performance.now() < until) {
      // A turn's worth of work.
    }
    if (busy) setImmediate(busyTurn);
  };
  setImmediate(busyTurn);
  for (let i = 0; i < count; i++) clients.push(connect(port, '127.0.0.1'));
  const accepted = () => [...perTurn.values()].reduce((sum, n) => sum + n, 0);
  while (accepted() < count) await new Promise((resolve) => setTimeout(resolve, 5));
  busy = false;
  return Math.max(...perTurn.values());
}

/**
 * What a new connection to `port` meets a moment after its server closed: the copies' handles are
 * closed by the loop's close phase, which may come a turn later.
 */
async function connectAfterClose(port: number): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return new Promise<string>((resolve) => {
    const client = connect(port, '127.0.0.1');
    client.once('connect', () => (client.destroy(), resolve('connected')));
    client.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

function get(port: number): Promise<string> {
  return fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());
}

describe('addAcceptPaths', () => {
  it('a listening socket alone accepts one connection per loop turn (libuv >= 1.45)', async () => {
    const { server, port } = await listen();
    expect(await mostAcceptedInOneTurn(server, port, 30)).toBe(1);
  });

  it('with 7 more handles the server accepts several connections per turn and serves them all', async () => {
    const { server, port } = await listen();
    const warnings: string[] = [];
    expect(await addAcceptPaths(server, 7, 511, (message) => warnings.push(message))).toBe(7);
    expect(warnings).toEqual([]);
    expect(await mostAcceptedInOneTurn(server, port, 40)).toBeGreaterThan(1);
    // Connections that came in through a copy are answered by the same server.
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(port)));
    expect(new Set(answers)).toEqual(new Set(['served']));
  });

  it('closing the server closes the copies: nothing accepts on the port afterwards', async () => {
    const { server, port } = await listen();
    expect(await addAcceptPaths(server, 3, 511, () => {})).toBe(3);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(await connectAfterClose(port)).toBe('ECONNREFUSED');
  });

  it('closes the copies that arrive after the server was closed', async () => {
    const { server, port } = await listen();
    const made = addAcceptPaths(server, 5, 511, () => {});
    server.close();
    expect(await made).toBe(0);
    expect(await connectAfterClose(port)).toBe('ECONNREFUSED');
  });

  it('keeps the listen backlog the server was given (the copies are listened with 511)', async () => {
    const { server, port } = await listen(2048);
    // ss shows a listening socket's backlog as its Send-Q.
    const backlog = () =>
      execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
        .trim()
        .split(/\s+/)[2];
    expect(backlog()).toBe('2048');
    expect(await addAcceptPaths(server, 3, 2048, () => {})).toBe(3);
    expect(backlog()).toBe('2048');
  });

  it('asks for nothing when no extra handle is wanted', async () => {
    const { server } = await listen();
    expect(await addAcceptPaths(server, 0, 511, () => {})).toBe(0);
  });
});
