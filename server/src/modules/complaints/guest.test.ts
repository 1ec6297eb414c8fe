// Complaints without an account (TIQV from 1 July 2026), on both databases: the logged-out form asks
// only the minimum content (name, surname, supply address, service, POD/PDR or client code), finds the
// holder by the code and the surname, mails the receipt with a lookup code, and the sender looks the
// complaint up with its number and that code, its receipt a tagged PDF with embedded fonts; a wrong
// code answers as an unknown number, and failed lookups are limited per number and per address.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complaintDueDates } from '@sportello/domain';
import { complaints, integrationEvents, jobs } from '@sportello/db/schema';
import { call, guestSession } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { readPdfStructure } from '../../../test/pdf-structure.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { LOOKUP_LIMITS } from './guest-lookup.js';

const ERP = 'portalapi/Erp/v1';

let ip = 0;
const nextIp = () => `10.63.0.${++ip}`;

const guestBody = {
  firstName: 'Mario',
  lastName: 'ROSSI',
  supplyAddress: 'Via Roma 1, Roma',
  commodity: 'electricity',
  pointCode: 'it001e00000001',
  email: 'Mario.Rossi@example.it',
  category: 'contract',
  body: 'Le condizioni applicate non sono quelle firmate.',
  contactPreference: 'email',
};

describe.each(databaseKinds)('complaints without an account on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const post = async (path: string, body: object, address = nextIp()) =>
    call(ctx.app, 'POST', `${ERP}/${path}`, { sessionId: await guestSession(ctx.app), body, ip: address });
  const receiptMails = async (to: string) =>
    (await ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail')).orderBy(jobs.id))
      .map((j) => j.payload as { to: string; subject: string; text: string })
      .filter((m) => m.to === to);

  it('asks only the minimum content, mails the receipt with its code, and is looked up with them', async () => {
    const res = await post('complaints/guest', guestBody);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data;
    const due = complaintDueDates('contract', new Date());
    expect(receipt).toMatchObject({
      categoryLabel: 'Contratto e offerta',
      dueDate: due.reply,
      rectificationDueDate: null,
    });
    expect(receipt.lookupCode).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const [row] = await ctx.db.select().from(complaints).where(eq(complaints.key, receipt.key));
    expect(row).toMatchObject({
      customerId: ctx.fixture.mario.id,
      channel: 'guest',
      contactEmail: 'mario.rossi@example.it',
      guestSender: { firstName: 'Mario', lastName: 'ROSSI', supplyAddress: 'Via Roma 1, Roma' },
    });
    // Only its hash is kept.
    expect(JSON.stringify(row)).not.toContain(receipt.lookupCode);
    const [mail] = await receiptMails('mario.rossi@example.it');
    expect(mail?.subject).toBe(`Ricevuta del reclamo n. ${receipt.key}`);
    expect(mail?.text).toContain(receipt.lookupCode);
    // The link opens the lookup page with the number filled; the code is typed, never in a URL.
    const link = /https?:\/\/\S*\/reclami\/consulta\S*/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(new URL(link).searchParams.get('numero')).toBe(receipt.key);
    expect(link).not.toContain(receipt.lookupCode.replace('-', ''));
    expect(link).not.toContain(receipt.lookupCode);
    // The supplier's systems hear who wrote it.
    const [event] = await ctx.db
      .select()
      .from(integrationEvents)
      .where(eq(integrationEvents.entityKey, receipt.key));
    expect(event?.payload).toMatchObject({
      channel: 'guest',
      sender: { lastName: 'ROSSI', email: 'mario.rossi@example.it', commodity: 'electricity' },
    });

    // Looked up later, the code typed in lower case and without its dash.
    const found = await post('complaints/guest/lookup', {
      key: receipt.key.toLowerCase(),
      code: receipt.lookupCode.toLowerCase().replace('-', ''),
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toMatchObject({ key: receipt.key, state: 'open', dueDate: due.reply });
    const pdf = await readPdfStructure(Buffer.from(found.json().data.pdf, 'base64'));
    expect(pdf).toMatchObject({ marked: true, lang: 'it-IT', unembeddedFonts: [], emptyElements: [] });
    expect(pdf.roles).toContain('H1');
  });

  it('finds the holder by the client code and the surname, accents and case aside', async () => {
    const { pointCode: _, ...withoutPoint } = guestBody;
    const res = await post('complaints/guest', {
      ...withoutPoint,
      customerCode: '100001',
      lastName: 'rossì',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a form without POD/PDR or client code, or whose surname is not the holder’s, in Italian', async () => {
    const { pointCode: _, ...withoutPoint } = guestBody;
    const none = await post('complaints/guest', withoutPoint);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].code).toBe('complaint_point_or_code_required');
    const stranger = await post('complaints/guest', { ...guestBody, lastName: 'Bianchi' });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors[0].code).toBe('complaint_customer_not_found');
    const unnamed = await post('complaints/guest', { ...guestBody, firstName: ' ' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0]).toMatchObject({
      code: 'complaint_first_name_required',
      message: 'Indica il tuo nome.',
    });
  });

  it('answers a wrong code as an unknown number, and limits failed lookups per number and per address', async () => {
    const filed = (await post('complaints/guest', { ...guestBody, email: 'limite@example.it' })).json().data;
    const wrong = await post('complaints/guest/lookup', { key: filed.key, code: 'AAAAA-AAAAA' });
    const unknown = await post('complaints/guest/lookup', { key: 'RCL-2026-FFFFFF', code: filed.lookupCode });
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toContain('Numero di reclamo o codice non corretti');

    // Per number: from ever new addresses, the number is locked after its failed tries, even for the right code.
    for (let i = 1; i < LOOKUP_LIMITS.perNumber; i++)
      expect((await post('complaints/guest/lookup', { key: filed.key, code: `WRONG-${i}` })).statusCode).toBe(
        404,
      );
    const locked = await post('complaints/guest/lookup', { key: filed.key, code: filed.lookupCode });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toContain('Troppi tentativi');

    // Per address: one address trying many numbers is stopped too.
    const address = nextIp();
    for (let i = 0; i < LOOKUP_LIMITS.perAddress; i++)
      await post('complaints/guest/lookup', { key: `RCL-2026-00000${i}`, code: 'AAAAA-AAAAA' }, address);
    const more = await post(
      'complaints/guest/lookup',
      { key: 'RCL-2026-0000FF', code: 'AAAAA-AAAAA' },
      address,
    );
    expect(more.statusCode).toBe(429);
  });
});
