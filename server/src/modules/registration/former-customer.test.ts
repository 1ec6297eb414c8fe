// A former customer (ADR 066): every contract ended, the personal area stays open for six months from
// the last end. Registering and logging in work inside the window, and the area shows bills, payments,
// complaints and the data archive; what needs a contract in force is refused with its Italian reason.
// Past the six months, registration and login say that the area is closed and how to reach the supplier.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { contracts, customers } from '@sportello/db/schema';
import { addMonths } from '@sportello/domain';
import { call } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import {
  CORE,
  endedMonthsAgo,
  FORMER,
  LAPSED,
  NEW_PASSWORD,
  newUser,
  useRegistrationWorld,
} from '../../../test/registration-world.js';

const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('a former customer on %s', (kind) => {
  const { ctx, post, login, withCode } = useRegistrationWorld(kind);

  it('registers within six months of the end, and sees the supplies that ended', async () => {
    const checked = await post(`${CORE}/check-fiscal-data`, FORMER);
    expect(checked.statusCode, checked.body).toBe(200);
    const endedOn = endedMonthsAgo(2);
    expect(checked.json().data).toMatchObject({
      holderName: 'Gino Verdi',
      supplies: [{ commodity: 'gas', address: 'Via Roma 1, 20100 Milano (MI)' }],
      formerCustomer: { endedOn, openUntil: addMonths(endedOn, 6) },
    });
    const created = await post(`${CORE}/users`, newUser('ginoverdi', { customer: await withCode(FORMER) }));
    expect(created.statusCode, created.body).toBe(200);

    const session = await login('ginoverdi', NEW_PASSWORD);
    expect(session.statusCode, session.body).toBe(200);
    const sessionId = session.json().data.id as string;
    const get = (path: string) => call(ctx.app, 'GET', path, { sessionId });
    const postAs = (path: string, body: unknown) => call(ctx.app, 'POST', path, { sessionId, body });

    // What stays: the bills (the final one to pay), the payments, the complaints, the data archive.
    const bills = await get(`${ERP}/invoices?customerId=REG-FORMER`);
    expect(bills.statusCode, bills.body).toBe(200);
    expect(bills.json().data.invoices.map((b: { number: string }) => b.number)).toEqual(['FT-REG-FORMER']);
    expect((await get(`${ERP}/payments?customerId=REG-FORMER`)).statusCode).toBe(200);
    expect((await get(`${ERP}/complaints?customerKey=REG-FORMER`)).statusCode).toBe(200);
    const archive = await postAs(`${CORE}/user/archives`, {});
    expect(archive.statusCode, archive.body).toBe(200);

    // What needs a contract in force is refused, in Italian, never a crash.
    const reading = await postAs(`${ERP}/metering/insertReadings`, {
      supplyKey: 'SUP-REG-FORMER',
      submissionToken: 'former-customer-1',
      values: { A1: '1234' },
    });
    expect(reading.statusCode, reading.body).toBe(422);
    expect(Object.values(MESSAGES)).toContain(reading.json().message);
    const installments = await postAs(`${ERP}/requests/installments`, {
      invoiceId: 'INV-REG-FORMER',
      contractKey: 'CTR-REG-FORMER',
    });
    expect(installments.statusCode, installments.body).toBe(422);
    expect(Object.values(MESSAGES)).toContain(installments.json().message);
  });

  it('refuses registering past the six months: the area is closed, the data stay', async () => {
    const res = await post(`${CORE}/check-fiscal-data`, LAPSED);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.personal_area_closed);
    expect(res.json().message).toMatch(/servizio clienti/);
    const created = await post(
      `${CORE}/users`,
      newUser('ginaverdi', { customer: { ...LAPSED, proof: { workflowId: 'x', code: '0000' } } }),
    );
    expect(created.json().message).toBe(MESSAGES.personal_area_closed);
    const [row] = await ctx.db.select().from(customers).where(eq(customers.key, 'REG-LAPSED'));
    expect(row).toBeDefined();
  });

  it('closes the login six months after the end, and only then', async () => {
    // The customer registered by the first test (one user per customer).
    const username = 'ginoverdi';
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.key, 'REG-FORMER'));
    const setEnd = (endDate: string) =>
      ctx.db.update(contracts).set({ endDate }).where(eq(contracts.customerId, customer!.id));

    await setEnd(endedMonthsAgo(6));
    expect((await login(username, NEW_PASSWORD)).statusCode).toBe(200);
    await setEnd(endedMonthsAgo(7));
    const refused = await login(username, NEW_PASSWORD);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.personal_area_closed);
    await setEnd(endedMonthsAgo(2));
  });
});
