// Refusals of callers nobody is signed in as (ADR 048), on both databases: the console's and the
// integration API's calls refused without a staff session or a token are counted per address and
// minute, with no row each and nothing of the path they chose; a signed-in caller's refusal and a
// failed sign-in keep their audit rows.
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { anonymousRefusals, integrationCalls, staffAudit } from '@sportello/db/schema';
import { useTestApp } from '../../test/app.js';
import { databaseKinds } from '../../test/databases.js';
import { staffCall, staffSession } from '../../test/staff.js';

describe.each(databaseKinds)('anonymous refusals on %s', (kind) => {
  const ctx = useTestApp(kind);

  const counted = async (surface: string, address: string) =>
    (
      await ctx.db
        .select({ count: anonymousRefusals.count })
        .from(anonymousRefusals)
        .where(and(eq(anonymousRefusals.surface, surface), eq(anonymousRefusals.address, address)))
    ).reduce((sum, row) => sum + row.count, 0);

  it('counts a flood of anonymous console calls per address and minute, and writes no audit row', async () => {
    const before = (await ctx.db.select().from(staffAudit)).length;
    const chosen = `staff/v1/${'attacker-chosen/'.repeat(10)}`;
    for (let i = 0; i < 25; i++) {
      const res = await staffCall(ctx.app, 'GET', i % 2 ? chosen + i : 'staff/v1/customers?q=rossi', {
        ip: '10.77.0.1',
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect((await ctx.db.select().from(staffAudit)).length).toBe(before);
    expect(await counted('staff', '10.77.0.1')).toBe(25);
    expect((await ctx.db.select().from(anonymousRefusals)).every((r) => r.minute.getSeconds() === 0)).toBe(
      true,
    );
  });

  it('keeps a row for a failed sign-in and for a signed-in member’s refusal', async () => {
    const wrong = await staffCall(ctx.app, 'POST', 'staff/v1/login', {
      body: { username: 'nessuno', password: 'sbagliata1!', code: '000000' },
      ip: '10.77.0.2',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    const { sessionId, id } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const refused = await staffCall(ctx.app, 'GET', 'staff/v1/customers?q=m', { staffSessionId: sessionId });
    expect(refused.statusCode).toBe(400);
    const rows = await ctx.db.select().from(staffAudit).where(eq(staffAudit.action, 'refused'));
    expect(rows.some((r) => r.detail.username === 'nessuno' && r.staffUserId === null)).toBe(true);
    expect(rows.some((r) => r.staffUserId === id)).toBe(true);
    expect(await counted('staff', '10.77.0.2')).toBe(0);
  });

  it('counts anonymous integration calls instead of a row each; a client’s calls keep theirs', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/services/rest/integration/v1/${i % 2 ? 'brands/sga/customers/C-1' : `x${'y'.repeat(150)}${i}`}`,
        remoteAddress: '10.77.0.3',
        payload: {},
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await ctx.db.select().from(integrationCalls).where(isNull(integrationCalls.clientId))).toEqual([]);
    expect(await counted('integration', '10.77.0.3')).toBe(12);
  });
});
