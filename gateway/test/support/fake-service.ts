import type { INestApplication } from '@nestjs/common';
import { freePort } from '@dinebuds/testing';

export interface HealthAnswer {
  status: number;
  body: unknown;
}

/**
 * Serves a fake service's Nest app on a free loopback port, with GET /health answering what
 * `health()` says at the time (as a real service's health endpoint would). Returns its base URL.
 */
export async function listenFakeService(app: INestApplication, health: () => HealthAnswer): Promise<string> {
  const http = app.getHttpAdapter().getInstance() as {
    get(
      path: string,
      handler: (req: unknown, res: { status(n: number): { json(b: unknown): void } }) => void,
    ): void;
  };
  http.get('/health', (_req, res) => {
    const answer = health();
    res.status(answer.status).json(answer.body);
  });
  const port = await freePort();
  await app.listen(port, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}
