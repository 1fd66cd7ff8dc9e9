import { describe, expect, it } from '@jest/globals';
import { isPasswordWork, PASSWORD_RPCS } from './password-work.js';

describe('password work at the gateway', () => {
  it('names the POSTs that cost identity a hash, with or without a trailing slash or query', () => {
    for (const url of [
      '/api/login',
      '/api/register',
      '/api/user/password',
      '/api/login/',
      '/api/login?next=1',
      // Escapes the router decodes before it matches: the same route.
      '/api/%6Cogin',
      '/api/%6c%6F%67%69%6E/',
      '/api/user/%70assword',
    ])
      expect(isPasswordWork('POST', url)).toBe(true);
    expect(isPasswordWork('GET', '/api/login')).toBe(false);
    expect(isPasswordWork('POST', '/api/logout')).toBe(false);
    expect(isPasswordWork('POST', '/api/users/block')).toBe(false);
    expect(isPasswordWork('POST', '/api/%E0%A4%A')).toBe(false);
  });

  it("names identity's RPCs behind those routes, for their own connections", () => {
    expect([...PASSWORD_RPCS].sort()).toEqual(['auth.login', 'auth.register', 'users.changePassword']);
  });
});
