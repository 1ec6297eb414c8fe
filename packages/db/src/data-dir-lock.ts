// PGlite is single-connection: exactly one process may own a DATA_DIR. A lock file with our pid
// refuses a second process; a lock left by a dead process is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'sportello.lock');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number(readFileSync(lockFile, 'utf8'));
    if (owner !== process.pid && Number.isInteger(owner) && processAlive(owner)) {
      throw new Error(
        `The database folder ${path.resolve(dataDir)} is in use by process ${owner}. ` +
          'Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.',
      );
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}
