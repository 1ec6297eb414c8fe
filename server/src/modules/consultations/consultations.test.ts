// "Vedi come il cliente" (ADR 043) through app.inject on PGlite and PostgreSQL: opening a view with a
// reason, spending its code once with the same staff session, a session that reads and never writes
// (every non-GET customer call of the contract is tried), its end (time limit, staff logout, "Esci"),
// its record for the customer and in the staff audit, and that it is no login of the customer's.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allCalls, fillPath, MESSAGES } from '@sportello/contract';
import {
  loginHistory,
  messages,
  sessions,
  staffAudit,
  staffConsultations,
  users,
} from '@sportello/db/schema';
import { hashSessionId } from '../../platform/sessions/session-store.js';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { exampleOf } from '../../../test/schema-values.js';
import { staffCall, staffSession } from '../../../test/staff.js';

describe.each(databaseKinds)('see as the customer (%s)', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const mario = () => String(ctx.fixture.mario.id);

  const open = (staffSessionId: string, customerId: string, body: unknown) =>
    staffCall(ctx.app, 'POST', `staff/v1/customers/${customerId}/views`, { staffSessionId, body });
  const exchange = (staffSessionId: string, code: string) =>
    staffCall(ctx.app, 'POST', 'staff/v1/views/exchange', { staffSessionId, body: { code } });

  /** An operator of sga with a view of Mario's portal open: the staff session and the view's session id. */
  async function openView(reason = 'bill', note?: string) {
    const operator = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const opened = await open(operator.sessionId, mario(), { reason, ...(note ? { note } : {}) });
    expect(opened.statusCode, opened.body).toBe(200);
    const spent = await exchange(operator.sessionId, opened.json().data.code);
    expect(spent.statusCode, spent.body).toBe(200);
    return { operator, viewId: spent.json().data.id as string, session: spent.json().data };
  }

  describe('opening', () => {
    it('asks for a reason, refuses control characters, and records the view with its audit row', async () => {
      const operator = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      // Bad input is the contract's refusal (400 with the field's Italian message), as everywhere.
      const none = await open(operator.sessionId, mario(), {});
      expect(none.statusCode).toBe(400);
      expect(none.json().errors[0].message).toBe(MESSAGES.staff_view_reason_required);
      const control = await open(operator.sessionId, mario(), { reason: 'bill', note: 'a\u0000b' });
      expect(control.statusCode).toBe(400);
      expect(control.json().errors[0].message).toBe(MESSAGES.invalid_characters);
      expect(
        await ctx.db.select().from(staffConsultations).where(eq(staffConsultations.staffUserId, operator.id)),
      ).toEqual([]);

      const opened = await open(operator.sessionId, mario(), { reason: 'bill', note: ' Bolletta di marzo ' });
      expect(opened.statusCode).toBe(200);
      const { code, codeExpiresAt, endsAt } = opened.json().data;
      expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(codeExpiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
      expect(Date.parse(endsAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
      const [row] = await ctx.db
        .select()
        .from(staffConsultations)
        .where(eq(staffConsultations.staffUserId, operator.id));
      expect(row).toMatchObject({
        customerId: ctx.fixture.mario.id,
        reason: 'bill',
        note: 'Bolletta di marzo',
        openedAt: null,
      });
      expect(row!.codeHash).not.toBe(code);
      const audit = await ctx.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.staffUserId, operator.id), eq(staffAudit.action, 'customer_view_as')));
      expect(audit).toEqual([
        expect.objectContaining({
          customerId: ctx.fixture.mario.id,
          detail: expect.objectContaining({ consultation: row!.id, reason: 'bill' }),
        }),
      ]);
    });

    it("refuses another brand's customer, a customer's session and no session", async () => {
      const operator = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const other = await open(operator.sessionId, String(ctx.fixture.mesCustomer.id), { reason: 'call' });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(MESSAGES.staff_brand_refused);
      const customer = await loginAs(ctx.app, 'mario');
      const asCustomer = await staffCall(ctx.app, 'POST', `staff/v1/customers/${mario()}/views`, {
        sessionId: customer,
        body: { reason: 'call' },
      });
      expect(asCustomer.statusCode).toBe(401);
      expect(
        await ctx.db.select().from(staffConsultations).where(eq(staffConsultations.staffUserId, operator.id)),
      ).toEqual([]);
    });
  });

  describe('the code', () => {
    it('opens once, for the staff session that asked, within its minute', async () => {
      const asker = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const colleague = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const { code } = (await open(asker.sessionId, mario(), { reason: 'call' })).json().data;
      const stolen = await exchange(colleague.sessionId, code);
      expect(stolen.statusCode).toBe(422);
      expect(stolen.json().message).toBe(MESSAGES.staff_view_code_invalid);
      // The colleague's try spent nothing: the asker's tab still opens.
      const first = await exchange(asker.sessionId, code);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({
        roles: ['user'],
        view: { reason: 'call', staffName: expect.any(String) },
      });
      const replay = await exchange(asker.sessionId, code);
      expect(replay.statusCode).toBe(422);
      expect(replay.json().message).toBe(MESSAGES.staff_view_code_invalid);

      const late = (await open(asker.sessionId, mario(), { reason: 'call' })).json().data.code;
      await ctx.db
        .update(staffConsultations)
        .set({ codeExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(staffConsultations.staffUserId, asker.id));
      expect((await exchange(asker.sessionId, late)).statusCode).toBe(422);
      const customer = await loginAs(ctx.app, 'mario');
      expect(
        (
          await staffCall(ctx.app, 'POST', 'staff/v1/views/exchange', {
            sessionId: customer,
            body: { code: late },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('the view', () => {
    it("reads the customer's data, marks nothing read and is no login of the customer's", async () => {
      const [before] = await ctx.db.select().from(users).where(eq(users.id, ctx.fixture.marioUser.id));
      const historyBefore = await ctx.db.$count(
        loginHistory,
        eq(loginHistory.userId, ctx.fixture.marioUser.id),
      );
      const { viewId } = await openView('bill');
      const session = await call(ctx.app, 'GET', `portalapi/Core/v1/sessions/${viewId}`, {
        sessionId: viewId,
      });
      expect(session.statusCode).toBe(200);
      expect(session.json().data).toMatchObject({ user: { username: 'mario' }, view: { reason: 'bill' } });
      const customers = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: viewId });
      expect(customers.statusCode).toBe(200);
      // Mario's own customer only: his delegations are not the view's to show.
      expect(customers.json().data.customers.map((c: { id: string }) => c.id)).toEqual([mario()]);
      const message = await call(ctx.app, 'GET', 'portalapi/Erp/v1/messages/MSG-1', { sessionId: viewId });
      expect(message.statusCode).toBe(200);
      expect(message.json().data.readAt).toBeNull();
      const [unread] = await ctx.db.select().from(messages).where(eq(messages.key, 'MSG-1'));
      expect(unread!.readAt).toBeNull();

      const [after] = await ctx.db.select().from(users).where(eq(users.id, ctx.fixture.marioUser.id));
      expect(after!.lastLoginAt).toEqual(before!.lastLoginAt);
      expect(await ctx.db.$count(loginHistory, eq(loginHistory.userId, ctx.fixture.marioUser.id))).toBe(
        historyBefore,
      );
      const own = await loginAs(ctx.app, 'mario');
      const devices = await call(ctx.app, 'GET', 'portalapi/Core/v1/user/sessions', { sessionId: own });
      const [view] = await ctx.db
        .select({ key: sessions.key })
        .from(sessions)
        .where(eq(sessions.idHash, hashSessionId(viewId)));
      const keys = devices.json().data.map((d: { key: string }) => d.key);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys).not.toContain(view!.key);
    });

    it('refuses every call of the portal that is not a GET, but its own end', async () => {
      const { viewId } = await openView('call');
      const writes = allCalls.filter((c) => c.method !== 'GET' && c.name !== 'logout');
      expect(writes.length).toBeGreaterThan(30);
      for (const c of writes) {
        const params = exampleOf(c.params) as Record<string, string>;
        const res = await ctx.app.inject({
          method: c.method,
          url: fillPath(c.path, params),
          headers: { sessionid: viewId },
          ...(c.method === 'POST' || c.method === 'PUT' ? { payload: { request: exampleOf(c.body) } } : {}),
        });
        expect(res.statusCode, `${c.name}: ${res.body}`).toBe(403);
        expect(res.json().message, c.name).toBe('In consultazione il portale è in sola lettura.');
      }
      // "Esci": the view ends itself, and is gone.
      expect(
        (await call(ctx.app, 'DELETE', 'portalapi/Core/v1/user/logout', { sessionId: viewId })).statusCode,
      ).toBe(200);
      expect(
        (await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: viewId })).statusCode,
      ).toBe(401);
    });

    it('ends at its time limit', async () => {
      const { viewId, operator } = await openView('reading');
      await ctx.db
        .update(staffConsultations)
        .set({ endsAt: new Date(Date.now() - 1000) })
        .where(eq(staffConsultations.staffUserId, operator.id));
      expect(
        (await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: viewId })).statusCode,
      ).toBe(401);
    });

    it('ends with the staff session', async () => {
      const { viewId, operator } = await openView('payment');
      expect(
        (await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: viewId })).statusCode,
      ).toBe(200);
      expect(
        (
          await staffCall(ctx.app, 'POST', 'staff/v1/logout', {
            staffSessionId: operator.sessionId,
            body: {},
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: viewId })).statusCode,
      ).toBe(401);
    });
  });

  describe('the record', () => {
    it('is listed for the customer, not for another, and for the staff with the operator', async () => {
      const { operator } = await openView('technical', 'Pagina bollette vuota');
      const own = await loginAs(ctx.app, 'mario');
      const listed = await call(ctx.app, 'GET', 'portalapi/Core/v1/user/consultations', { sessionId: own });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data[0]).toEqual({
        at: expect.any(String),
        reason: 'technical',
        note: 'Pagina bollette vuota',
        endsAt: expect.any(String),
      });
      const anna = await loginAs(ctx.app, 'anna');
      const theirs = await call(ctx.app, 'GET', 'portalapi/Core/v1/user/consultations', { sessionId: anna });
      expect(theirs.json().data).toEqual([]);
      const staffList = await staffCall(ctx.app, 'GET', `staff/v1/customers/${mario()}/views`, {
        staffSessionId: operator.sessionId,
      });
      expect(staffList.json().data[0]).toMatchObject({
        reason: 'technical',
        opened: true,
        staff: expect.any(String),
      });
    });
  });
});
