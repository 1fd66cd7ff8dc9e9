import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, type INestApplication, Module, Post } from '@nestjs/common';
import { INTERNAL_HEADERS, type Caller } from '@dinebuds/contracts';
import { structuredLoggerModule } from '@dinebuds/logging';
import { TEST_ADMISSION, freePort } from '@dinebuds/testing';
import { OpenToProbes, OptionalCaller, createServiceApp } from '../src/index.js';

/** A service app with one RPC route and one probe route, attacked as an outsider would. */
@Controller('rpc')
class WhoAmIController {
  @Post('who.am-i')
  whoAmI(@Body() _body: unknown, @OptionalCaller() caller: Caller | null) {
    return { caller };
  }
}

@Controller()
class ProbeController {
  @OpenToProbes()
  @Get('health')
  health(@OptionalCaller() caller: Caller | null) {
    return { status: 'ok', caller };
  }

  @Get('not-a-probe')
  internalOnly() {
    return { secret: true };
  }
}

@Module({
  imports: [structuredLoggerModule('internal-auth-test', 'silent')],
  controllers: [WhoAmIController, ProbeController],
})
class AttackedModule {}

interface RawAnswer {
  status: number;
  body: string;
}

/** Sends the request line exactly as given (absolute form, dot segments), as fetch would not. */
function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : '{}');
  });
}

const TOKEN = 'internal-token-for-the-attack-test-0123456789';
const FORGED_ADMIN = {
  [INTERNAL_HEADERS.callerId]: '1',
  [INTERNAL_HEADERS.callerIsAdmin]: 'true',
};

describe('InternalAuthGuard: deny by default, whatever the spelling of the route', () => {
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    app = await createServiceApp(AttackedModule, { internalToken: TOKEN, admission: TEST_ADMISSION });
    port = await freePort();
    await app.listen(port, '127.0.0.1');
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers the gateway, with the caller it sent', async () => {
    const answer = await rawRequest(port, 'POST', '/rpc/who.am-i', {
      [INTERNAL_HEADERS.token]: TOKEN,
      ...FORGED_ADMIN,
    });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ caller: { userId: 1, isAdmin: true, sessionId: null } });
  });

  const spellings = [
    '/rpc/who.am-i',
    '/RPC/who.am-i',
    '/Rpc/Who.Am-I',
    '/rpc/who.am-i/',
    '//rpc/who.am-i',
    '/rpc//who.am-i',
    '/rpc/../rpc/who.am-i',
    '/./rpc/who.am-i',
    '/rpc/who.am-i?x=1',
    '/rpc/who.am-i;x',
    '/rpc/who%2eam-i',
    `http://127.0.0.1/rpc/who.am-i`,
    `http://evil.example/rpc/who.am-i`,
  ];

  for (const path of spellings) {
    it(`never acts for a forged caller without the token: POST ${path}`, async () => {
      const answer = await rawRequest(port, 'POST', path, FORGED_ADMIN);
      // 401 on the route Nest matched; 404 when the spelling matches no route. Never a caller.
      expect([401, 404]).toContain(answer.status);
      expect(answer.body).not.toContain('isAdmin');
    });

    it(`refuses a wrong token: POST ${path}`, async () => {
      const answer = await rawRequest(port, 'POST', path, {
        [INTERNAL_HEADERS.token]: `${TOKEN}x`,
        ...FORGED_ADMIN,
      });
      expect([401, 404]).toContain(answer.status);
      expect(answer.body).not.toContain('isAdmin');
    });
  }

  it('matches routes case-sensitively and strictly, so odd spellings are simply not routes', async () => {
    for (const path of ['/RPC/who.am-i', '/rpc/who.am-i/', '/rpc/WHO.AM-I']) {
      const answer = await rawRequest(port, 'POST', path, { [INTERNAL_HEADERS.token]: TOKEN });
      expect(answer.status).toBe(404);
    }
  });

  it('refuses an empty token and a token sent twice', async () => {
    const empty = await rawRequest(port, 'POST', '/rpc/who.am-i', { [INTERNAL_HEADERS.token]: '' });
    expect(empty.status).toBe(401);
  });

  it('guards routes outside /rpc too: only probe routes are open', async () => {
    expect((await rawRequest(port, 'GET', '/not-a-probe', {})).status).toBe(401);
    expect((await rawRequest(port, 'GET', '/NOT-A-PROBE', {})).status).toBe(404);
    const probe = await rawRequest(port, 'GET', '/health', FORGED_ADMIN);
    expect(probe.status).toBe(200);
    // An open route never reads the caller headers.
    expect(JSON.parse(probe.body)).toEqual({ status: 'ok', caller: null });
  });

  it('refuses to start without a token', async () => {
    await expect(createServiceApp(AttackedModule, { internalToken: '' })).rejects.toThrow(/internal token/);
  });
});
