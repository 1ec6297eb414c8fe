// The demo accounts are the ERP's from the first start (ADR 036): the integration API addresses
// mariorossi's customer and contract by `ERP-<portal key>` and updates them, instead of refusing
// the keys as taken; a bill loaded for his contract reaches his bills and his notices.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, customers, notifications, users } from '@sportello/db/schema';
import { createTokenKeys } from '../src/platform/machine/tokens.js';
import { useDemoApp } from './demo-app.js';
import { recordCalls } from './integration-records.js';

describe('the demo accounts as the ERP knows them', () => {
  const demo = useDemoApp();
  const bearer = () =>
    createTokenKeys(demo.db).sign(
      { clientId: 'cli_demoerpkeys0000000', scopes: ['crm:write', 'billing:write'], brands: ['sga'] },
      600,
      new Date(),
    );
  const { put, outcome } = recordCalls(demo, bearer);

  async function mario() {
    const [row] = await demo.db
      .select({ userId: users.id, customer: customers, contractKey: contracts.key })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .innerJoin(contracts, eq(contracts.customerId, customers.id))
      .where(and(eq(users.username, 'mariorossi'), eq(users.companyCode, 'sga')))
      .limit(1);
    return row!;
  }

  it("updates mariorossi by his ERP key, and a version 0 (the demo's own) changes nothing", async () => {
    const { customer } = await mario();
    const record = (version: number, phoneMobile: string) => ({
      version,
      customerCode: customer.customerCode,
      customerType: customer.customerType,
      name: customer.name,
      firstName: customer.firstName,
      lastName: customer.lastName,
      fiscalCode: customer.fiscalCode,
      email: customer.email,
      phoneMobile,
    });
    expect(outcome(await put(`customers/ERP-${customer.key}`, record(0, '3330000000')))).toBe('unchanged');
    expect(outcome(await put(`customers/ERP-${customer.key}`, record(1, '3471234567')))).toBe('updated');
    const [after] = await demo.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after!.phoneMobile).toBe('3471234567');
    expect(after!.key).toBe(customer.key);
  });

  it("loads a bill for mariorossi's contract, which he sees among his bills and is told of", async () => {
    const { customer, contractKey, userId } = await mario();
    const bill = {
      version: 1,
      contractExtKey: `ERP-${contractKey}`,
      number: 'ERP-DEMO-0001',
      issueDate: demo.today,
      dueDate: demo.today,
      sections: [
        {
          title: 'Spesa per la materia energia',
          lines: [{ label: 'Energia', amountCents: 4_210 }],
          totalCents: 4_210,
        },
      ],
    };
    expect(outcome(await put('bills/ERP-BILL-DEMO-0001', bill))).toBe('created');
    const list = await demo.data(`Erp/v1/invoices?customerId=${customer.id}`, await demo.logIn('mariorossi'));
    expect(JSON.stringify(list)).toContain('ERP-DEMO-0001');
    const told = await demo.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Nuova bolletta disponibile')));
    expect(told.length).toBeGreaterThan(0);
  });
});
