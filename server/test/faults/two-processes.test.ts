// Two server processes on one PostgreSQL (ARCHITECTURE §8): a session made on one works on the other,
// a logout on one is seen by the other within a second, and the bound on an address's guest sessions is shared.
import { describe, expect, it } from 'vitest';
import { api, createGuest, prepareDatabase, readSession, useFaultEnvironment } from './support.js';

describe('two server processes on one PostgreSQL', { timeout: 180_000 }, () => {
  const faults = useFaultEnvironment();

  it('share sessions, logouts and the bound on guest sessions', async () => {
    const cluster = await faults.cluster();
    await prepareDatabase({ url: cluster.url });
    const env = { DATABASE_URL: cluster.url, GUEST_SESSIONS_PER_ADDRESS: '4' };
    const [a, b] = await Promise.all([faults.server(env), faults.server(env)]);

    const made = await createGuest(a.base);
    const id = made.body.data?.id ?? '';
    expect(made.status).toBe(200);
    expect((await readSession(b.base, id)).status).toBe(200);

    const out = await api(a.base, 'DELETE', 'portalapi/Core/v1/user/logout', { sessionId: id });
    expect(out.status).toBe(200);
    // B hears of it through LISTEN/NOTIFY (ADR 027): within moments of A's answer, not before it, and
    // well within the cache lifetime (5 s) that bounds a lost notice.
    const deadline = Date.now() + 1_000;
    let seenByB = (await readSession(b.base, id)).status;
    while (seenByB !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seenByB = (await readSession(b.base, id)).status;
    }
    expect(seenByB).toBe(401);

    // One address holds at most 4 guest sessions, wherever they were made: a fifth ends the oldest,
    // and nobody is refused.
    const ids: string[] = [];
    for (const server of [b, a, b, a, b]) {
      const guest = await createGuest(server.base);
      expect(guest.status).toBe(200);
      ids.push(guest.body.data?.id ?? '');
    }
    expect((await readSession(a.base, ids[0]!)).status).toBe(401);
    expect((await readSession(a.base, ids[4]!)).status).toBe(200);
  });
});
