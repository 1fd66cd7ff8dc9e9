import { afterAll, describe, expect, it } from '@jest/globals';
import type { CityBadgeDto, CurrentUserDto } from '@dinebuds/contracts';
import { ApiClient, uniqueUsername } from '../support/api-client.js';
import { removeDataDir, startAllInOneSystem } from '../support/system.js';

describe('all-in-one persistence', () => {
  let dataDir: string | undefined;
  afterAll(() => {
    if (dataDir) removeDataDir(dataDir);
  });

  it('keeps accounts and badges when the app is stopped and started again', async () => {
    const first = await startAllInOneSystem();
    dataDir = first.dataDir;
    const client = new ApiClient(first.baseUrl);
    const username = uniqueUsername('keeper');
    const registered = await client.post<CurrentUserDto>('/api/register', {
      username,
      password: 'Keep#1234',
      name: 'Kept User',
      cityBuds: ['austin'],
    });
    expect(registered.status).toBe(201);
    await first.stop();

    const second = await startAllInOneSystem({ dataDir });
    try {
      const again = new ApiClient(second.baseUrl);
      const login = await again.post<CurrentUserDto>('/api/login', { username, password: 'Keep#1234' });
      expect(login.status).toBe(200);
      expect(login.body.id).toBe(registered.body.id);
      const cities = await again.get<CityBadgeDto[]>(`/api/users/${login.body.id}/city-badges`);
      expect(cities.body.map((c) => c.city)).toEqual(['austin']);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
