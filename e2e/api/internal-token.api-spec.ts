import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { INTERNAL_HEADERS, type CurrentUserDto } from '@dinebuds/contracts';
import { TEST_AMQP_URL, createTestDatabase, uniqueUsername } from '@dinebuds/testing';
import { ApiClient } from '../support/api-client.js';
import {
  createTestVhost,
  startAllInOneSystem,
  startDistributedSystem,
  removeDataDir,
  type ServiceUrls,
  type TestSystem,
} from '../support/system.js';

/**
 * An attacker who reaches a service's own port (not the gateway) tries to act as another user or
 * as an admin: every spelling of the route, no token, a wrong token, forged caller headers.
 * Nothing may change and nothing about users may come back, in both run modes.
 */

interface RawAnswer {
  status: number;
  body: string;
}

/** Sends the request line exactly as written, as fetch would not (absolute form, dot segments). */
function rawPost(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function spellingsOf(pattern: string, serviceUrl: string): string[] {
  const upper = pattern.replace(/^[a-z]/, (c) => c.toUpperCase());
  return [
    `/rpc/${pattern}`,
    `/RPC/${pattern}`,
    `/Rpc/${upper}`,
    `/rpc/${pattern}/`,
    `//rpc/${pattern}`,
    `/rpc/../rpc/${pattern}`,
    `/rpc/./${pattern}`,
    `/rpc/${pattern}?via=query`,
    `${serviceUrl}/rpc/${pattern}`,
    `http://gateway.internal/RPC/${pattern}`,
  ];
}

const WRONG_TOKENS: Array<Record<string, string>> = [
  {},
  { [INTERNAL_HEADERS.token]: '' },
  { [INTERNAL_HEADERS.token]: 'not-the-token' },
  { [INTERNAL_HEADERS.token.toUpperCase()]: 'not-the-token' },
];

function describeForgedCalls(
  mode: string,
  start: () => Promise<TestSystem & { services: ServiceUrls }>,
): void {
  describe(`services refuse calls without the internal token (${mode})`, () => {
    let system: TestSystem & { services: ServiceUrls };
    let victim: ApiClient;
    let victimUser: CurrentUserDto;

    beforeAll(async () => {
      system = await start();
      victim = new ApiClient(system.baseUrl);
      const registered = await victim.post<CurrentUserDto>('/api/register', {
        username: uniqueUsername('victim'),
        password: 'Victim#Pass2026',
        name: 'Victim Person',
        flavorBuds: ['sushi'],
        cityBuds: ['new york'],
      });
      expect(registered.status).toBe(201);
      victimUser = registered.body;
    }, 120_000);

    afterAll(async () => {
      await system?.stop();
    });

    it('identity: no spelling of users.update lets a forged caller change another user', async () => {
      const forged = {
        [INTERNAL_HEADERS.callerId]: String(victimUser.id),
        [INTERNAL_HEADERS.callerIsAdmin]: 'true',
      };
      for (const path of spellingsOf('users.update', system.services.identity)) {
        for (const token of WRONG_TOKENS) {
          const answer = await rawPost(
            system.services.identity,
            path,
            { ...forged, ...token },
            {
              id: victimUser.id,
              name: 'Hacked Name',
              bio: 'owned',
            },
          );
          expect({ path, token, refused: [401, 404].includes(answer.status) }).toEqual({
            path,
            token,
            refused: true,
          });
          expect(answer.body).not.toContain('Hacked');
        }
      }
      const after = await victim.get<CurrentUserDto>('/api/user');
      expect(after.status).toBe(200);
      expect(after.body.name).toBe('Victim Person');
    });

    it('identity: reads of users are refused too', async () => {
      for (const path of spellingsOf('users.get', system.services.identity)) {
        const answer = await rawPost(system.services.identity, path, {}, { id: victimUser.id });
        expect([401, 404]).toContain(answer.status);
        expect(answer.body).not.toContain(victimUser.username);
      }
    });

    it('social-graph: no spelling of blocks.block acts for a forged caller', async () => {
      const forged = { [INTERNAL_HEADERS.callerId]: String(victimUser.id) };
      for (const path of spellingsOf('blocks.block', system.services.socialGraph)) {
        for (const token of WRONG_TOKENS) {
          const answer = await rawPost(
            system.services.socialGraph,
            path,
            { ...forged, ...token },
            {
              blockedId: victimUser.id + 1,
            },
          );
          expect([401, 404]).toContain(answer.status);
        }
      }
      const blocked = await victim.get<unknown[]>('/api/users/blocked');
      expect(blocked.status).toBe(200);
      expect(blocked.body).toEqual([]);
    });

    it('health stays open to probes, and says nothing about users', async () => {
      for (const url of [system.services.identity, system.services.socialGraph]) {
        const response = await fetch(`${url}/health`);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ status: 'ok' });
      }
    });
  });
}

describeForgedCalls('all-in-one', async () => {
  const system = await startAllInOneSystem();
  return {
    ...system,
    stop: async () => {
      await system.stop();
      removeDataDir(system.dataDir);
    },
  };
});

describeForgedCalls('distributed', async () => {
  const database = await createTestDatabase('api_internal_token');
  const vhost = createTestVhost(TEST_AMQP_URL, 'api_internal_token');
  const system = await startDistributedSystem({ databaseUrl: database.url, amqpUrl: vhost.url });
  return {
    ...system,
    stop: async () => {
      await system.stop();
      vhost.drop();
      await database.drop();
    },
  };
});
