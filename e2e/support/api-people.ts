import type { CurrentUserDto } from '@dinebuds/contracts';
import { eventually, query } from '@dinebuds/testing';
import { ApiClient, uniqueUsername } from './api-client.js';

/** A signed-in person of an API test, with their own cookie jar. */
export interface ApiPerson {
  id: number;
  username: string;
  client: ApiClient;
}

/** Registers `username` (signed in by the registration); throws unless it answers 201. */
export async function registerPerson(
  baseUrl: string,
  person: { username: string; password: string; name: string },
): Promise<ApiPerson> {
  const client = new ApiClient(baseUrl);
  const res = await client.post<CurrentUserDto>('/api/register', person);
  if (res.status !== 201) throw new Error(`registering ${person.username} answered ${res.status}`);
  return { id: res.body.id, username: person.username, client };
}

/**
 * Registers `{prefix}_…` (signed in by the registration) and waits until the reviews service's
 * users projection knows them (its reads join that projection).
 */
export async function registerKnownToReviews(
  baseUrl: string,
  databaseUrl: string,
  prefix: string,
  password: string,
): Promise<ApiPerson> {
  const person = await registerPerson(baseUrl, {
    username: uniqueUsername(prefix),
    password,
    name: `${prefix} tester`,
  });
  await eventually(
    async () =>
      (await query(databaseUrl, 'SELECT 1 FROM reviews.users WHERE id = $1', [person.id])).length === 1,
    20_000,
  );
  return person;
}

/** Signs in the operator's admin (ADMIN_USERNAME / ADMIN_PASSWORD given to the system). */
export async function signInAdmin(baseUrl: string, username: string, password: string): Promise<ApiPerson> {
  const client = new ApiClient(baseUrl);
  const login = await client.post<CurrentUserDto>('/api/login', { username, password });
  if (login.status !== 200 || !login.body.isAdmin) throw new Error(`the admin ${username} could not sign in`);
  return { id: login.body.id, username, client };
}
