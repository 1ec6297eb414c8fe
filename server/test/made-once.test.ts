// A file made once per run: however many test files ask at once, one makes it and every one gets
// the whole file; when making it fails, the others are told why instead of waiting or trying again.
import { randomBytes } from 'node:crypto';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { madeOnce } from './made-once.js';

const uniqueName = () => `made-once-${randomBytes(4).toString('hex')}.txt`;

describe('a file made once per run', () => {
  it('is made by one caller while the others wait for it whole', async () => {
    const name = uniqueName();
    let makes = 0;
    const make = async (path: string) => {
      makes++;
      await writeFile(path, 'begun');
      await sleep(50);
      await appendFile(path, ' and finished');
    };
    const paths = await Promise.all([1, 2, 3].map(() => madeOnce(name, make)));
    expect(makes).toBe(1);
    expect(new Set(paths).size).toBe(1);
    expect(await readFile(paths[0]!, 'utf8')).toBe('begun and finished');
  });

  it('tells the callers waiting for it why it could not be made', async () => {
    const name = uniqueName();
    let makes = 0;
    const make = async () => {
      makes++;
      await sleep(50);
      throw new Error('the seed was refused');
    };
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => madeOnce(name, make)));
    expect(makes).toBe(1);
    const messages = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? (outcome.reason as Error).message : 'made',
    );
    expect(messages.filter((m) => m === 'the seed was refused')).toHaveLength(1);
    const told = messages.filter((m) => m.startsWith(`${name} could not be made by another test file`));
    expect(told).toHaveLength(2);
    for (const message of told) expect(message).toContain('the seed was refused');
  });
});
