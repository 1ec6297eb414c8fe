import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'sportello-lock-'));

describe('DATA_DIR lock', () => {
  it('refuses a second owner while the first process is alive', () => {
    const dir = freshDir();
    // The parent of this test process is alive and is not us: it stands in for another server.
    writeFileSync(path.join(dir, 'sportello.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/is in use by process/);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'sportello.lock'), '999999999');
    const unlock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).not.toThrow();
    unlock();
  });

  it('can be taken again after unlocking', () => {
    const dir = freshDir();
    lockDataDir(dir)();
    expect(() => lockDataDir(dir)()).not.toThrow();
  });
});
