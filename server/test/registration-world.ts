// The registration tests' world (sign-up, delegation, password reset): customers of each type with a
// contract (one ended without a date, a former customer within six months of the end and one past
// them, ADR 066), one with only a mobile, one with nothing on file but its bills, and the calls
// and mailbox readers the tests share. Each test file gets its own app and database.
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { contracts, customers, invoices, jobs, supplies } from '@sportello/db/schema';
import { addMonths, todayInRome } from '@sportello/domain';
import { call, guestSession } from './app.js';
import type { DatabaseKind } from './databases.js';
import { useSupplyTestApp } from './supply-fixture.js';

export const CORE = 'portalapi/Core/v1';
export const WFM = 'portalapi/Wfm/v1';
export const NEW_PASSWORD = 'Nuova2026!';

export const PRIVATE = {
  customerType: 'private',
  customerCode: '300001',
  taxCode: 'bnclra90a41f205i',
} as const;
export const COMPANY = { customerType: 'company', customerCode: '300002', taxCode: '00811720580' } as const;
export const CONDOMINIUM = {
  customerType: 'condominium',
  customerCode: '300003',
  taxCode: '06655971007',
} as const;
export const INACTIVE = {
  customerType: 'private',
  customerCode: '300004',
  taxCode: 'VRDGPP75C12L219Z',
} as const;
export const FREE = { customerType: 'private', customerCode: '300006', taxCode: 'VRDGPP75C12L219Z' } as const;
export const ANNA = { customerCode: '100002', taxCode: 'VRDNNA85T50H501B' };
/** Only a mobile on file: the code goes by SMS. */
export const PHONE_ONLY = {
  customerType: 'private',
  customerCode: '300007',
  taxCode: 'BNCLRA90A41F205I',
} as const;
/** Nothing on file: a recent bill proves possession. */
export const NOTHING = {
  customerType: 'private',
  customerCode: '300008',
  taxCode: 'BNCLRA90A41F205I',
} as const;
export const CODES = {
  customerType: 'private',
  customerCode: '300009',
  taxCode: 'VRDGPP75C12L219Z',
} as const;
/** A former customer: the only contract ended two months ago, the personal area still open (ADR 066). */
export const FORMER = {
  customerType: 'private',
  customerCode: '300010',
  taxCode: 'VRDGPP75C12L219Z',
} as const;
/** A former customer whose contract ended eight months ago: the area is closed. */
export const LAPSED = {
  customerType: 'private',
  customerCode: '300011',
  taxCode: 'VRDGPP75C12L219Z',
} as const;
/** The end dates of the former customers' contracts, from today. */
export const endedMonthsAgo = (months: number) => addMonths(todayInRome(new Date()), -months);
const ENDED: Record<string, string> = { 'REG-FORMER': endedMonthsAgo(2), 'REG-LAPSED': endedMonthsAgo(8) };

/** A proof that proves nothing: for requests refused before any proof is looked at. */
export const NO_PROOF = { workflowId: 'none', code: '0000' };
let wrongCode = 0;
/** A client code of nobody: each wrong pair its own, so per-customer limits stay untouched. */
export const unknownPair = () => ({ ...PRIVATE, customerCode: String(390000 + ++wrongCode) });

export const ADDRESS = {
  streetName: 'Via Garibaldi',
  civicNumber: '1',
  city: 'Roma',
  province: 'RM',
  postalCode: '00153',
};

let ipCounter = 0;
/** Each test from its own address unless it tests the per-address limits. */
export const freshIp = () => `10.99.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export const newUser = (username: string, extra: Record<string, unknown>) => ({
  username,
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  privacyConsent: true,
  ...extra,
});

export function useRegistrationWorld(kind: DatabaseKind) {
  const ctx = useSupplyTestApp(kind);

  async function post(path: string, body: unknown, options: { sessionId?: string; ip?: string } = {}) {
    const sessionId = options.sessionId ?? (await guestSession(ctx.app));
    return call(ctx.app, 'POST', path, { sessionId, body, ip: options.ip ?? freshIp() });
  }
  async function login(username: string, password: string) {
    const res = await post(`${CORE}/user/login`, { username, password });
    return res;
  }
  // In the order they were queued: PostgreSQL returns rows in no set order without ORDER BY.
  async function mailsTo(to: string) {
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail')).orderBy(jobs.id);
    return rows
      .map((r) => r.payload as { to: string; subject: string; text: string })
      .filter((m) => m.to === to);
  }
  const tokenIn = (text: string) => /\/link\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  async function smsTo(to: string) {
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'sms')).orderBy(jobs.id);
    return rows.map((r) => r.payload as { to: string; text: string }).filter((m) => m.to === to);
  }
  const codeIn = (text: string) => /\b(\d{4})\b/.exec(text)![1]!;

  /** Asks the registration code to the contact on file and reads it where it landed (ADR 022). */
  async function withCode(data: Record<string, string>, channel = 'email', ip = freshIp()) {
    const started = await post('bpm/v1/registration-check', { ...data, channel }, { ip });
    expect(started.statusCode, started.body).toBe(200);
    const { workflowId } = started.json().data;
    const [delivery] = (await ctx.db.select().from(jobs)).filter(
      (j) => j.idempotencyKey === `registration-code:${workflowId}`,
    );
    const code = codeIn((delivery!.payload as { text: string }).text);
    return { ...data, proof: { workflowId, code } };
  }
  const noProof = (data: Record<string, string>) => ({ ...data, proof: NO_PROOF });

  beforeAll(async () => {
    const customer = (
      key: string,
      code: string,
      type: string,
      name: string,
      tax: Record<string, string>,
    ) => ({
      key,
      companyCode: 'sga',
      customerCode: code,
      customerType: type,
      name,
      email: `${key.toLowerCase()}@example.it`,
      ...tax,
    });
    const rows = await ctx.db
      .insert(customers)
      .values([
        customer('REG-P', '300001', 'private', 'Laura Bianchi', {
          fiscalCode: 'BNCLRA90A41F205I',
          firstName: 'Laura',
        }),
        customer('REG-C', '300002', 'company', 'Rete Srl', { vatNumber: '00811720580' }),
        customer('REG-K', '300003', 'condominium', 'Condominio Sole', { fiscalCode: '06655971007' }),
        customer('REG-OLD', '300004', 'private', 'Giuseppe Verdi', { fiscalCode: 'VRDGPP75C12L219Z' }),
        // Anna's second client code under the same fiscal code: a delegation reaches it too (SPEC §6).
        customer('REG-A2', '300005', 'private', 'Anna Verdi', { fiscalCode: 'VRDNNA85T50H501B' }),
        customer('REG-F', '300006', 'private', 'Giuseppe Verdi', { fiscalCode: 'VRDGPP75C12L219Z' }),
        {
          ...customer('REG-S', '300007', 'private', 'Sara Bianchi', { fiscalCode: 'BNCLRA90A41F205I' }),
          email: null,
          phoneMobile: '+393331234543',
        },
        customer('REG-T', '300009', 'private', 'Tito Verdi', { fiscalCode: 'VRDGPP75C12L219Z' }),
        {
          ...customer('REG-N', '300008', 'private', 'Nadia Bianchi', { fiscalCode: 'BNCLRA90A41F205I' }),
          email: null,
        },
        customer('REG-FORMER', '300010', 'private', 'Gino Verdi', { fiscalCode: 'VRDGPP75C12L219Z' }),
        customer('REG-LAPSED', '300011', 'private', 'Gina Verdi', { fiscalCode: 'VRDGPP75C12L219Z' }),
      ])
      .returning();
    for (const [i, row] of rows.entries()) {
      const [contract] = await ctx.db
        .insert(contracts)
        .values({
          key: `CTR-${row.key}`,
          companyCode: 'sga',
          customerId: row.id,
          number: `90000${i}`,
          name: 'Luce casa',
          status: row.key === 'REG-OLD' || ENDED[row.key] ? 'Cessato' : 'Attivo',
          startDate: '2024-01-01',
          endDate: ENDED[row.key] ?? null,
        })
        .returning();
      if (ENDED[row.key])
        // The final bill, issued after the end: what a former customer comes back to read and pay.
        await ctx.db.insert(invoices).values({
          key: `INV-${row.key}`,
          extKey: `EXT-INV-${row.key}`,
          companyCode: 'sga',
          customerId: row.id,
          contractId: contract!.id,
          number: `FT-${row.key}`,
          invoiceTypeCode: 1,
          issueDate: ENDED[row.key]!,
          dueDate: ENDED[row.key]!,
          amountCents: 4321,
          outstandingCents: 4321,
          paymentLevel: 'Unpaid',
        });
      if (row.key === 'REG-N') {
        // Four bills: the oldest is not among the latest three, so it proves nothing.
        await ctx.db.insert(invoices).values(
          [
            ['2025-01-10', 'FT-N-1', 9999],
            ['2025-03-10', 'FT-N-2', 14235],
            ['2025-05-10', 'FT-N-3', 8800],
            ['2025-07-10', 'FT-N-4', 123456],
          ].map(([issueDate, number, amountCents]) => ({
            key: `INV-${number}`,
            extKey: `EXT-${number}`,
            companyCode: 'sga',
            customerId: row.id,
            contractId: contract!.id,
            number: String(number),
            invoiceTypeCode: 1,
            issueDate: String(issueDate),
            dueDate: String(issueDate),
            amountCents: Number(amountCents),
            outstandingCents: 0,
            paymentLevel: 'Paid',
          })),
        );
      }
      await ctx.db.insert(supplies).values({
        key: `SUP-${row.key}`,
        extKey: `EXT-SUP-${row.key}`,
        contractId: contract!.id,
        customerId: row.id,
        commodity: 'gas',
        pointCode: `0000${i}`,
        status: 'Attiva',
        address: 'Via Roma 1',
        postalCode: '20100',
        locality: 'Milano',
        province: 'MI',
        activationDate: '2024-01-01',
      });
    }
  });

  return { ctx, post, login, mailsTo, tokenIn, smsTo, withCode, noProof };
}
