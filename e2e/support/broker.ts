import { execFileSync } from 'node:child_process';

/** Local TCP ports that the given processes use for connections to the broker (port 5672). */
function brokerClientPorts(pids: number[]): number[] {
  const out = execFileSync('ss', ['-tnpH', 'dst', '127.0.0.1:5672'], { encoding: 'utf8' });
  const ports: number[] = [];
  for (const line of out.split('\n')) {
    const pid = Number(/pid=(\d+)/.exec(line)?.[1]);
    if (!pids.includes(pid)) continue;
    const local = line.trim().split(/\s+/)[3];
    const port = Number(local?.split(':').pop());
    if (port) ports.push(port);
  }
  return ports;
}

/**
 * Makes the broker drop the AMQP connections of the given processes (what a broker restart looks
 * like to them), leaving other tests' connections alone. Returns how many were closed.
 */
export function dropBrokerConnections(pids: number[]): number {
  const ports = new Set(brokerClientPorts(pids));
  const listing = execFileSync('rabbitmqctl', ['-q', 'list_connections', 'pid', 'peer_port'], {
    encoding: 'utf8',
  });
  let closed = 0;
  for (const line of listing.split('\n')) {
    const [connectionPid, peerPort] = line.trim().split(/\s+/);
    if (!connectionPid?.startsWith('<') || !ports.has(Number(peerPort))) continue;
    execFileSync('rabbitmqctl', ['-q', 'close_connection', connectionPid, 'test: simulated broker restart']);
    closed += 1;
  }
  return closed;
}
