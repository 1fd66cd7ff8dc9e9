import { describe, expect, it } from '@jest/globals';
import { ARGON2_DEFAULTS } from '../config.js';
import { PasswordHasher } from './password-hasher.js';

describe('password hashing', () => {
  it('hashes with argon2id, verifies, and reads a corrupt hash as a mismatch', async () => {
    const hasher = new PasswordHasher(ARGON2_DEFAULTS);
    const hash = await hasher.hash('secret1');
    // PHC string; the parameter order differs between argon2 libraries, the values may not.
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(hash.split('$')[3]!.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    await expect(hasher.verify(hash, 'secret1')).resolves.toBe(true);
    await expect(hasher.verify(hash, 'secret2')).resolves.toBe(false);
    await expect(hasher.verify('not-a-hash', 'secret1')).resolves.toBe(false);
    await expect(hasher.verifyDummy('anything')).resolves.toBeUndefined();
  });

  it('asks for a rehash when the configured cost went up', async () => {
    const weak = await new PasswordHasher(ARGON2_DEFAULTS).hash('secret1');
    expect(new PasswordHasher(ARGON2_DEFAULTS).needsRehash(weak)).toBe(false);
    expect(new PasswordHasher({ memoryCost: 19456, timeCost: 3 }).needsRehash(weak)).toBe(true);
    expect(new PasswordHasher({ memoryCost: 65536, timeCost: 2 }).needsRehash(weak)).toBe(true);
    expect(new PasswordHasher(ARGON2_DEFAULTS).needsRehash('not-a-hash')).toBe(false);
  });

  it('verifies hashes written by the earlier argon2 library (parameters in another order)', async () => {
    const earlier =
      '$argon2id$v=19$m=19456,p=1,t=2$QJ+aWfuXonYxwWuoFcPJoQ$FuL+sR0IObPGPLGiMGHH00CcrV5TLaSkaWX9v7kbN8Y';
    const hasher = new PasswordHasher(ARGON2_DEFAULTS);
    await expect(hasher.verify(earlier, 'Secret#123x')).resolves.toBe(true);
    await expect(hasher.verify(earlier, 'Secret#123y')).resolves.toBe(false);
    expect(hasher.needsRehash(earlier)).toBe(false);
  });
});
