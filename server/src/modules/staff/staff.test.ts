// The customer-care console's accounts, login, session, search and customer page (ADR 041), through
// app.inject on PGlite and PostgreSQL. What every call refuses to whom is the generated access suite's
// (server/test/contract-access-staff.test.ts); here: what each does, and that the audit holds it all.
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, invoices, staffAudit, staffSessions, supplies } from '@sportello/db/schema';
import { databaseKinds } from '../../../test/databases.js';
import { loginAs } from '../../../test/app.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { makeStaff, STAFF_PASSWORD, staffCall, staffSession } from '../../../test/staff.js';
import { totpCode } from './totp.js';

describe.each(databaseKinds)('staff console (%s)', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const auditRows = () => ctx.db.select().from(staffAudit).orderBy(asc(staffAudit.id));

  describe('login', () => {
    it('opens a session with password and code, and the code opens only once', async () => {
      const account = await makeStaff(ctx.db, 'operator', ['sga']);
      const body = {
        username: account.username,
        password: STAFF_PASSWORD,
        code: totpCode(account.secret, new Date()),
      };
      const first = await staffCall(ctx.app, 'POST', 'staff/v1/login', { body, ip: '10.9.0.1' });
      expect(first.statusCode).toBe(200);
      const data = first.json().data;
      expect(data.session).toMatchObject({
        username: account.username,
        role: 'operator',
        brands: ['sga'],
        idleMinutes: 15,
      });
      const again = await staffCall(ctx.app, 'POST', 'staff/v1/login', { body, ip: '10.9.0.1' });
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toBe('Nome utente, password o codice non corretti.');

      const me = await staffCall(ctx.app, 'GET', 'staff/v1/session', { staffSessionId: data.id });
      expect(me.json().data.username).toBe(account.username);
      const rows = (await auditRows()).filter((r) => r.staffUserId === account.id);
      expect(rows.map((r) => r.action)).toEqual(['account_created', 'session_start']);
      // The replayed code's refusal names the username tried, not an account (it opened none).
      const refusals = (await auditRows()).filter((r) => r.detail.username === account.username);
      expect(refusals).toEqual([expect.objectContaining({ action: 'refused', staffUserId: null })]);
      expect(refusals[0]!.detail).toMatchObject({
        status: 422,
        message: 'Nome utente, password o codice non corretti.',
      });
    });

    it('refuses a wrong password or a wrong code alike, and throttles guessing', async () => {
      const account = await makeStaff(ctx.db, 'operator', ['sga']);
      const code = totpCode(account.secret, new Date());
      const wrongPassword = await staffCall(ctx.app, 'POST', 'staff/v1/login', {
        body: { username: account.username, password: 'sbagliata-davvero', code },
        ip: '10.9.0.2',
      });
      const wrongCode = await staffCall(ctx.app, 'POST', 'staff/v1/login', {
        body: {
          username: account.username,
          password: STAFF_PASSWORD,
          code: code === '000000' ? '111111' : '000000',
        },
        ip: '10.9.0.2',
      });
      expect([wrongPassword.statusCode, wrongCode.statusCode]).toEqual([422, 422]);
      expect(wrongCode.json().message).toBe(wrongPassword.json().message);
      // A wrong password burnt no code: the right pair still opens.
      const right = await staffCall(ctx.app, 'POST', 'staff/v1/login', {
        body: { username: account.username, password: STAFF_PASSWORD, code },
        ip: '10.9.0.2',
      });
      expect(right.statusCode).toBe(200);

      const guesser = await makeStaff(ctx.db, 'operator', ['sga']);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await staffCall(ctx.app, 'POST', 'staff/v1/login', {
          body: { username: guesser.username, password: `sbagliata-${i}`, code: '123456' },
          ip: '10.9.0.3',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    });

    it('ends the session on logout, and a session idle 15 minutes is refused and its end audited', async () => {
      const { sessionId, id } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const out = await staffCall(ctx.app, 'POST', 'staff/v1/logout', {
        staffSessionId: sessionId,
        body: {},
      });
      expect(out.statusCode).toBe(200);
      const after = await staffCall(ctx.app, 'GET', 'staff/v1/session', { staffSessionId: sessionId });
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Accedi alla console operatori per continuare.');

      const idle = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      await ctx.db
        .update(staffSessions)
        .set({ lastSeenAt: sql`now() - interval '16 minutes'` })
        .where(eq(staffSessions.staffUserId, idle.id));
      const stale = await staffCall(ctx.app, 'GET', 'staff/v1/session', { staffSessionId: idle.sessionId });
      expect(stale.statusCode).toBe(401);
      expect(stale.json().message).toBe('Sessione scaduta per inattività: accedi di nuovo.');
      const actions = (await auditRows())
        .filter((r) => r.staffUserId === id || r.staffUserId === idle.id)
        .map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['session_start', 'session_end', 'session_expired']));
    });

    it('a customer session opens no staff call, and a staff session no customer call', async () => {
      const customer = await loginAs(ctx.app, 'mario');
      const asCustomer = await staffCall(ctx.app, 'GET', 'staff/v1/session', { sessionId: customer });
      expect(asCustomer.statusCode).toBe(401);
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'administrator', ['sga']);
      const customerCall = await ctx.app.inject({
        method: 'GET',
        url: '/services/rest/portalapi/Erp/v1/customers',
        headers: { staffsessionid: sessionId },
      });
      expect(customerCall.statusCode).toBe(401);
    });
  });

  describe('search', () => {
    it('finds a customer by POD, bill number, fiscal code, e-mail and a misspelt name, within the brands', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const [supply] = await ctx.db
        .select()
        .from(supplies)
        .where(eq(supplies.customerId, ctx.fixture.mario.id))
        .limit(1);
      const [bill] = await ctx.db
        .select()
        .from(invoices)
        .where(eq(invoices.customerId, ctx.fixture.mario.id))
        .limit(1);
      const search = async (q: string) => {
        const res = await staffCall(ctx.app, 'GET', `staff/v1/customers?q=${encodeURIComponent(q)}`, {
          staffSessionId: sessionId,
        });
        expect(res.statusCode).toBe(200);
        return res.json().data as { id: string; matched: string; company: string }[];
      };
      const mario = String(ctx.fixture.mario.id);
      expect((await search(supply!.pointCode.toLowerCase()))[0]).toMatchObject({
        id: mario,
        matched: 'pointCode',
      });
      expect((await search(bill!.number))[0]).toMatchObject({ id: mario, matched: 'bill' });
      expect((await search('rssmra80a01h501u'))[0]).toMatchObject({ id: mario, matched: 'fiscalCode' });
      expect((await search('CUS-MARIO@example.it'))[0]).toMatchObject({ id: mario, matched: 'email' });
      expect((await search('100001'))[0]).toMatchObject({ id: mario, matched: 'customerCode' });
      const byName = await search('mario rosi');
      expect(byName.map((r) => r.id)).toContain(mario);
      // The other Mario Rossi is a customer of mes: not this operator's.
      expect(byName.every((r) => r.company === 'sga')).toBe(true);
      expect(await search('nessuno-si-chiama-cosi')).toEqual([]);
    });

    it('finds a name with one letter wrong, even a space, the closest name first', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const names = ['Simone Martini', 'Martina Marini', 'Rosa Rizzo', 'Elisa Rizzo'];
      await ctx.db.insert(customers).values(
        names.map((name, i) => ({
          key: `CUS-SEARCH-${i}`,
          companyCode: 'sga',
          customerCode: `9900${i}`,
          customerType: 'private',
          name,
        })),
      );
      const first = async (q: string) =>
        (
          await staffCall(ctx.app, 'GET', `staff/v1/customers?q=${encodeURIComponent(q)}`, {
            staffSessionId: sessionId,
          })
        ).json().data[0]?.name;
      // Martini holds more of the typed letters in a row, Martina Marini is the closer name.
      expect(await first('martine marini')).toBe('Martina Marini');
      // A short word's wrong letter leaves one trigram in common: Rasa is Rosa, not any Rizzo.
      expect(await first('rasa rizzo')).toBe('Rosa Rizzo');
      expect(await first('martinaamarini')).toBe('Martina Marini');
    });

    it('keeps every word of a new or renamed customer’s name for the search', async () => {
      const has = async (word: string) =>
        (
          (await ctx.db.execute(sql`select 1 from customer_name_words where word = ${word}`)) as unknown as {
            rows: unknown[];
          }
        ).rows.length === 1;
      const [added] = await ctx.db
        .insert(customers)
        .values({
          key: 'CUS-RENAMED',
          companyCode: 'sga',
          customerCode: '99010',
          customerType: 'private',
          name: 'Ugo Pellegrini',
        })
        .returning();
      expect(await has('pellegrini')).toBe(true);
      expect(await has('zanardelli')).toBe(false);
      await ctx.db.update(customers).set({ name: 'Ugo Zanardelli' }).where(eq(customers.id, added!.id));
      expect(await has('zanardelli')).toBe(true);
    });

    it('refuses a one-character search in Italian, and audits every search and refusal', async () => {
      const { sessionId, id } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const one = await staffCall(ctx.app, 'GET', 'staff/v1/customers?q=m', { staffSessionId: sessionId });
      expect(one.statusCode).toBe(400);
      expect(one.json().errors[0].message).toBe('Scrivi almeno 2 caratteri per cercare.');
      await staffCall(ctx.app, 'GET', 'staff/v1/customers?q=rossi', { staffSessionId: sessionId });
      const rows = (await auditRows()).filter((r) => r.staffUserId === id);
      expect(rows.map((r) => r.action)).toEqual(['account_created', 'session_start', 'refused', 'search']);
      expect(rows[2]!.detail).toMatchObject({ status: 400, route: '/services/rest/staff/v1/customers' });
      expect(rows[3]!.detail).toMatchObject({ q: 'rossi' });
    });
  });

  describe('customer page', () => {
    it('shows supplies, bills and what is owed, audited; another brand is refused in Italian and audited', async () => {
      const { sessionId, id } = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      const res = await staffCall(ctx.app, 'GET', `staff/v1/customers/${ctx.fixture.mario.id}`, {
        staffSessionId: sessionId,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page.customer).toMatchObject({ name: 'Mario Rossi', company: 'sga', customerCode: '100001' });
      expect(page.supplies.length).toBeGreaterThan(0);
      expect(page.bills.length).toBeGreaterThan(0);
      expect(page.owedCents).toBeGreaterThanOrEqual(0);
      expect(page.requestCount).toBeGreaterThanOrEqual(page.requests.length);
      expect(page.messageCount).toBeGreaterThanOrEqual(page.messages.length);
      expect(Array.isArray(page.complaints)).toBe(true);
      // Every row is the customer's own, through its modules' services.
      expect(
        page.messages.every((m: { customerId: string }) => m.customerId === String(ctx.fixture.mario.id)),
      ).toBe(true);

      const other = await staffCall(ctx.app, 'GET', `staff/v1/customers/${ctx.fixture.mesCustomer.id}`, {
        staffSessionId: sessionId,
      });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('Questo cliente è di un marchio che non ti è assegnato.');
      const missing = await staffCall(ctx.app, 'GET', 'staff/v1/customers/999999999', {
        staffSessionId: sessionId,
      });
      expect(missing.statusCode).toBe(404);

      const rows = (await auditRows()).filter((r) => r.staffUserId === id);
      expect(rows.map((r) => [r.action, r.customerId])).toEqual([
        ['account_created', null],
        ['session_start', null],
        ['customer_view', ctx.fixture.mario.id],
        ['refused', null],
        ['refused', null],
      ]);
    });

    it('lets a supervisor read who looked at a customer, and refuses an operator in Italian', async () => {
      const operator = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
      await staffCall(ctx.app, 'GET', `staff/v1/customers/${ctx.fixture.anna.id}`, {
        staffSessionId: operator.sessionId,
      });
      const refused = await staffCall(
        ctx.app,
        'GET',
        `staff/v1/customers/${ctx.fixture.anna.id}/staff-audit`,
        {
          staffSessionId: operator.sessionId,
        },
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Il tuo ruolo non permette questa operazione.');
      const supervisor = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
      const trail = await staffCall(ctx.app, 'GET', `staff/v1/customers/${ctx.fixture.anna.id}/staff-audit`, {
        staffSessionId: supervisor.sessionId,
      });
      expect(trail.statusCode).toBe(200);
      expect(trail.json().data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ staff: operator.username, action: 'customer_view' }),
        ]),
      );
    });
  });

  describe('the audit is append-only', () => {
    it('refuses UPDATE, DELETE and TRUNCATE in the database, whoever asks', async () => {
      const before = await ctx.db.$count(staffAudit);
      expect(before).toBeGreaterThan(0);
      await expect(ctx.db.update(staffAudit).set({ action: 'nulla' })).rejects.toThrow();
      await expect(ctx.db.delete(staffAudit)).rejects.toThrow();
      await expect(ctx.db.execute(sql`truncate staff_audit`)).rejects.toThrow();
      expect(await ctx.db.$count(staffAudit)).toBe(before);
      const [changed] = await ctx.db.select().from(staffAudit).where(eq(staffAudit.action, 'nulla')).limit(1);
      expect(changed).toBeUndefined();
    });

    it('no call changes it: every staff call with every method leaves the rows as they were', async () => {
      const { sessionId } = await staffSession(ctx.app, ctx.db, 'administrator', ['sga', 'mes']);
      const snapshot = async () => (await auditRows()).map((r) => JSON.stringify(r));
      const before = await snapshot();
      for (const method of ['PUT', 'DELETE', 'POST'] as const)
        for (const path of [
          'staff/v1/audit',
          `staff/v1/customers/${ctx.fixture.mario.id}/staff-audit`,
          'staff/v1/audit/1',
        ]) {
          const res = await staffCall(ctx.app, method, path, {
            staffSessionId: sessionId,
            body: { action: 'nulla' },
          });
          expect(res.statusCode).toBe(404);
        }
      const after = await snapshot();
      // What was there is unchanged; the attempts themselves were appended as refusals.
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.length).toBeGreaterThan(before.length);
      await ctx.db.select().from(customers).limit(1);
    });
  });
});
