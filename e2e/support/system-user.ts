import { execFileSync } from 'node:child_process';

export interface SystemUser {
  uid: number;
  gid: number;
}

/** A system user's ids, creating the user (no home, no login) when missing. Needs root. */
export function ensureSystemUser(name: string): SystemUser {
  const ids = (): SystemUser => ({
    uid: Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' })),
    gid: Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' })),
  });
  try {
    return ids();
  } catch {
    execFileSync(
      'useradd',
      ['--system', '--no-create-home', '--user-group', '--shell', '/usr/sbin/nologin', name],
      {
        stdio: 'pipe',
      },
    );
    return ids();
  }
}
