// A file made once per test run by whichever test file needs it first, and shared by the others
// (the seeded demo world's database: demo-app.ts). Test files run in several workers at once: an
// exclusive lock file lets one of them make it while the others wait for the finished file, which
// appears whole or not at all (written under a temporary name, then renamed). It lives in the run's
// folder, which the global set-up removes at the end of the run (template-databases.ts).
import { randomBytes } from 'node:crypto';
import { access, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/** How long a worker waits for another to finish the file: seeding can take minutes on a busy machine. */
const WAIT_LIMIT_MS = 10 * 60_000;
const POLL_MS = 250;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The path of the run's file `name`, calling `make(path)` to write it if no worker has yet. */
export async function madeOnce(name: string, make: (path: string) => Promise<void>): Promise<string> {
  const file = join(inject('runFolder'), name);
  const lock = `${file}.lock`;
  // Where the worker that failed to make it says why, so the others stop waiting and say it too.
  const failure = `${file}.failed`;
  const failedElsewhere = async () => {
    if (await exists(failure))
      throw new Error(`${name} could not be made by another test file: ${await readFile(failure, 'utf8')}`);
  };
  const giveUpAt = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    if (await exists(file)) return file;
    await failedElsewhere();
    const held = await open(lock, 'wx').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') return undefined;
      throw err;
    });
    if (held) {
      try {
        // Another worker may have finished it, or failed to, between the looks above and the lock.
        await failedElsewhere();
        if (!(await exists(file))) {
          const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
          await make(partial).catch(async (err: Error) => {
            await writeFile(failure, err.stack ?? String(err));
            throw err;
          });
          await rename(partial, file);
        }
        return file;
      } finally {
        await held.close();
        await rm(lock, { force: true });
      }
    }
    if (Date.now() > giveUpAt)
      throw new Error(
        `${name} was not made within ${WAIT_LIMIT_MS / 60_000} minutes by the test file holding ${lock}`,
      );
    await sleep(POLL_MS);
  }
}
