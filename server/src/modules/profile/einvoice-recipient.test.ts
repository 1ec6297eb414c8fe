// Where a business customer's electronic invoices go (ADR 067), on both databases: its recipient code
// or PEC is checked, saved and shown back, sent to the ERP as `einvoiceRecipient.changed` (read by the
// feed with the customer's ERP key) and told to the contacts on file; it needs a step-up; a private
// customer is refused; another customer's id is refused.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { customerRow, userRow } from '@sportello/demo/world';
import { customers, integrationEvents, integrationRecords, jobs, users } from '@sportello/db/schema';
import { call, loginAs, useTestApp } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';

const PATH = (id: number | string) => `portalapi/Erp/v1/customers/${id}/einvoice-recipient`;

describe.each(databaseKinds)("a business customer's e-invoice recipient, on %s", (kind) => {
  const ctx = useTestApp(kind);
  let company: { id: number };
  let session: string;

  it('is not set at first, and applies to a company', async () => {
    [company] = (await ctx.db
      .insert(customers)
      .values(
        customerRow({
          key: 'CUS-VERDI',
          companyCode: 'sga',
          customerCode: '100777',
          customerType: 'company',
          name: 'Officina Verdi S.r.l.',
          vatNumber: '02846190156',
          email: 'amministrazione@verdi.example.it',
        }),
      )
      .returning({ id: customers.id })) as [{ id: number }];
    // The ERP's key of the customer: the event names it by it.
    await ctx.db.insert(integrationRecords).values({
      companyCode: 'sga',
      kind: 'customer',
      extKey: 'ERP-VERDI',
      entityId: company.id,
      version: 1,
      updatedAt: new Date(),
    });
    const [mario] = await ctx.db.select().from(users).where(eq(users.username, 'mario'));
    await ctx.db.insert(users).values(
      userRow({
        key: 'USR-verdi',
        companyCode: 'sga',
        username: 'verdi',
        passwordHash: mario!.passwordHash,
        customerId: company.id,
        email: 'carlo@verdi.example.it',
      }),
    );
    const plain = await loginAs(ctx.app, 'verdi');
    const res = await call(ctx.app, 'GET', PATH(company.id), { sessionId: plain });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ applies: true, recipientCode: null, pec: null, updatedAt: null });
  });

  it('needs a step-up', async () => {
    const plain = await loginAs(ctx.app, 'verdi');
    const res = await call(ctx.app, 'PUT', PATH(company.id), {
      sessionId: plain,
      body: { recipientCode: 'M5UXCR1' },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(MESSAGES.step_up_required);
  });

  it('checks the code and the PEC, field by field', async () => {
    session = await loginSteppedUp(ctx, 'verdi');
    const put = (body: unknown) => call(ctx.app, 'PUT', PATH(company.id), { sessionId: session, body });
    const fields = async (body: unknown) => {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
    };
    expect(await fields({ recipientCode: 'M5U' })).toEqual(['recipientCode:invalid_recipient_code']);
    expect(await fields({ recipientCode: 'M5UXCR1X' })).toEqual(['recipientCode:invalid_recipient_code']);
    expect(await fields({ recipientCode: 'M5-XCR1' })).toEqual(['recipientCode:invalid_recipient_code']);
    expect(await fields({ pec: 'non è una pec' })).toEqual(['pec:invalid_pec']);
    // Neither: 0000000 names no channel.
    expect(await fields({})).toEqual(['pec:pec_required']);
    expect(await fields({ recipientCode: '0000000' })).toEqual(['pec:pec_required']);
    const [saved] = await ctx.db
      .select()
      .from(integrationEvents)
      .where(eq(integrationEvents.customerId, company.id));
    expect(saved).toBeUndefined();
  });

  it('saves a code, shows it back, tells the ERP with its key and the contacts on file', async () => {
    const res = await call(ctx.app, 'PUT', PATH(company.id), {
      sessionId: session,
      body: { recipientCode: ' m5uxcr1 ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ applies: true, recipientCode: 'M5UXCR1', pec: null });
    const shown = await call(ctx.app, 'GET', PATH(company.id), { sessionId: session });
    expect(shown.json().data).toMatchObject({ recipientCode: 'M5UXCR1', pec: null });

    const [event] = await ctx.db
      .select()
      .from(integrationEvents)
      .where(
        and(
          eq(integrationEvents.customerId, company.id),
          eq(integrationEvents.kind, 'einvoiceRecipient.changed'),
        ),
      );
    expect(event?.payload).toEqual({ recipientCode: 'M5UXCR1', pec: null });
    const [told] = await ctx.db
      .select()
      .from(jobs)
      .where(
        eq(
          jobs.idempotencyKey,
          `notice:einvoice-recipient:${company.id}:${new Date(res.json().data.updatedAt).getTime()}:mail`,
        ),
      );
    expect(told?.payload).toMatchObject({ to: 'amministrazione@verdi.example.it' });
    expect(JSON.stringify(told?.payload)).toContain('M5UXCR1');
  });

  it('saves a PEC with 0000000; the feed gives the customer by its ERP key', async () => {
    const res = await call(ctx.app, 'PUT', PATH(company.id), {
      sessionId: session,
      body: { recipientCode: '', pec: 'Fatture@PEC.Verdi.example.it' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ recipientCode: '0000000', pec: 'fatture@pec.verdi.example.it' });
    const token = await createTokenKeys(ctx.db).sign(
      { clientId: 'cli_einvoicefeed00000000', scopes: ['events:read'], brands: ['sga'] },
      600,
      new Date(),
    );
    const feed = await ctx.app.inject({
      url: '/services/rest/integration/v1/brands/sga/events?limit=1000',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const events = (
      feed.json().data.events as { kind: string; customer: { extKey: string | null }; payload: unknown }[]
    ).filter((e) => e.kind === 'einvoiceRecipient.changed');
    expect(events.map((e) => e.customer.extKey)).toEqual(['ERP-VERDI', 'ERP-VERDI']);
    expect(events.at(-1)?.payload).toEqual({ recipientCode: '0000000', pec: 'fatture@pec.verdi.example.it' });
  });

  it('does not apply to a private customer, and refuses another customer', async () => {
    const mario = await loginSteppedUp(ctx, 'mario');
    const [own] = await ctx.db.select().from(customers).where(eq(customers.key, 'CUS-MARIO'));
    const shown = await call(ctx.app, 'GET', PATH(own!.id), { sessionId: mario });
    expect(shown.json().data).toEqual({ applies: false, recipientCode: null, pec: null, updatedAt: null });
    const refused = await call(ctx.app, 'PUT', PATH(own!.id), {
      sessionId: mario,
      body: { recipientCode: 'M5UXCR1' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.einvoice_recipient_business_only);
    // Another customer's: refused before anything is read.
    expect((await call(ctx.app, 'GET', PATH(company.id), { sessionId: mario })).statusCode).toBe(403);
    const other = await call(ctx.app, 'PUT', PATH(company.id), {
      sessionId: mario,
      body: { recipientCode: 'AAAAAAA' },
    });
    expect(other.statusCode).toBe(403);
    expect((await call(ctx.app, 'GET', PATH(company.id))).statusCode).toBe(401);
  });
});
