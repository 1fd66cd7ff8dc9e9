import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTERNAL_HEADERS, RPC_PATH_PREFIX, type Caller } from '@dinebuds/contracts';
import { callerFromHeaders } from '@dinebuds/service-client';

/** One RPC call the gateway made: what crossed the wire, as the service received it. */
export interface RecordedCall {
  pattern: string;
  body: unknown;
  caller: Caller | null;
  requestId: string | undefined;
}

export interface RecordingRelay {
  /** Base URL to give the gateway instead of the service's. */
  url: string;
  readonly calls: RecordedCall[];
  callsTo(pattern: string): RecordedCall[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw.toString('utf8');
  }
}

/**
 * A pass-through between the gateway and a REAL service: every request goes to `target` unchanged
 * and the service's answer comes back unchanged. It decides nothing; it only records each RPC
 * (pattern, body, caller, request id), because what the gateway forwards is the gateway's own
 * behaviour under test and is not visible in the service's answer.
 */
export async function startRecordingRelay(target: string): Promise<RecordingRelay> {
  const calls: RecordedCall[] = [];
  const targetUrl = new URL(target);
  const server = createServer((req, res) => {
    void readBody(req).then(
      (body) => {
        const path = req.url ?? '/';
        if (path.startsWith(`${RPC_PATH_PREFIX}/`)) {
          const requestId = req.headers[INTERNAL_HEADERS.requestId];
          calls.push({
            pattern: path.slice(RPC_PATH_PREFIX.length + 1),
            body: parseJson(body),
            caller: callerFromHeaders(req.headers),
            requestId: typeof requestId === 'string' ? requestId : undefined,
          });
        }
        const upstream = httpRequest(
          {
            hostname: targetUrl.hostname,
            port: targetUrl.port,
            path,
            method: req.method,
            headers: { ...req.headers, host: targetUrl.host },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        // The service went away: the gateway sees a dropped connection, as it would without the relay.
        upstream.on('error', () => res.destroy());
        upstream.end(body);
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    callsTo: (pattern) => calls.filter((c) => c.pattern === pattern),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
