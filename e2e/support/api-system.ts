import { expect } from '@jest/globals';
import { createTestDatabase } from '@dinebuds/testing';
import type { ApiClient, ApiResponse } from './api-client.js';
import { removeDataDir, startAllInOneSystem } from './system.js';

/** The all-in-one system on a fresh database of its own, for one API test file. */
export interface ApiSystem {
  baseUrl: string;
  databaseUrl: string;
  /** Stops the system, removes its data folder and drops the database. */
  stop(): Promise<void>;
}

/**
 * Starts the all-in-one system over a new database named after the test (`env`: the runner's
 * settings, e.g. ADMIN_USERNAME / ADMIN_PASSWORD; `amqpUrl`: a broker vhost instead of the
 * in-process bus).
 */
export async function startApiSystem(
  databaseName: string,
  options: { env?: Record<string, string>; amqpUrl?: string } = {},
): Promise<ApiSystem> {
  const database = await createTestDatabase(databaseName);
  const system = await startAllInOneSystem({ databaseUrl: database.url, ...options });
  return {
    baseUrl: system.baseUrl,
    databaseUrl: database.url,
    stop: async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      await database.drop();
    },
  };
}

/** The one error body: the status, and the sentence when given (any sentence otherwise). */
export function expectError(res: ApiResponse, status: number, message?: string): void {
  expect({ status: res.status, body: res.body }).toMatchObject({
    status,
    body: { statusCode: status, ...(message ? { message } : {}) },
  });
  expect(typeof (res.body as { message?: unknown }).message).toBe('string');
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

/**
 * Calls routes by their documented template (`/api/users/{id}`) and remembers each answer's
 * status, so a test can check at the end that the OpenAPI document lists every one it saw.
 */
export class DocumentedCalls {
  readonly answered = new Set<string>();

  async call<T = unknown>(
    who: ApiClient,
    method: string,
    template: string,
    params: Record<string, string | number> = {},
    body?: unknown,
    init: { search?: string; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(params[name])),
    );
    const res = await who.request<T>(method, path + (init.search ?? ''), body, init);
    this.answered.add(`${method} ${template} ${res.status}`);
    return res;
  }

  /** The `METHOD template status` answers the published document does not list (none, when right). */
  async undocumented(anyone: ApiClient): Promise<string[]> {
    const doc = (await anyone.get<OpenApiDocument>('/api/docs-json')).body;
    return [...this.answered].filter((key) => {
      const [method, template, status] = key.split(' ');
      return !doc.paths[template]?.[method.toLowerCase()]?.responses[status];
    });
  }
}
