// The asking session travels as one text column of a GET's own statement: decoded, it must be the
// very row the session store reads alone, for a user's session and for a guest's.
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '@sportello/db/schema';
import { guestSession, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { askingSession, sessionRead } from './asking-session.js';
import { hashSessionId } from '../../platform/sessions/session-store.js';

describe.each(databaseKinds)('the asking session on %s', (kind) => {
  const ctx = useTestApp(kind);

  async function readBoth(id: string) {
    const idHash = hashSessionId(id);
    const [{ asking } = { asking: null }] = await ctx.db
      .select({ asking: askingSession })
      .from(sql`(select 1) as one`)
      .execute({ idHash });
    const [alone] = await ctx.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, idHash));
    return { read: sessionRead(asking), alone: alone! };
  }

  it('decodes a user’s session and user as the store reads them', async () => {
    const { read, alone } = await readBoth(await loginAs(ctx.app, 'mario'));
    expect(read?.user).toEqual(alone.user);
    expect(read?.user?.lastLoginAt).toBeInstanceOf(Date);
    const { idHash, companyCode, createdAt, expiresAt, lastSeenAt, linkId } = alone.session;
    expect(read?.session).toEqual({ idHash, companyCode, createdAt, expiresAt, lastSeenAt, linkId });
  });

  it('decodes a guest’s session with no user', async () => {
    const { read, alone } = await readBoth(await guestSession(ctx.app));
    expect(read?.user).toBeNull();
    expect(read?.session.idHash).toBe(alone.session.idHash);
  });

  it('reads nothing for an unknown session', async () => {
    expect((await readBoth('AAAAAAAAAAAAAAAAAAAAAA')).read).toBeUndefined();
  });
});
