// Write us: the logged-in contact request (rules, ownership, rate limit) and the logged-out message
// kept for the back office.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guestContacts, rateLimits, requests } from '@sportello/db/schema';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';

const guestContact = {
  name: ' Maria Bianchi ',
  clientCode: '100001',
  email: 'Maria.Bianchi@Example.it',
  privacy: true,
  subject: 'contatore',
  description: 'Non riesco a registrarmi: il codice cliente non viene accettato.',
  mobilephone: '333 765 4321',
  company: 'sga',
};

const contact = {
  customerKey: 'CUS-MARIO',
  contractKey: 'CTR-1',
  subject: 'bolletta',
  description: 'Non ho ricevuto la bolletta di marzo.',
  mobilephone: ' 333 123 4567 ',
  company: 'sga',
};

describe.each(databaseKinds)('support on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  describe('contact request', () => {
    const post = (sessionId: string, body: object, ip = '10.9.0.1') =>
      call(ctx.app, 'POST', `${ERP}/requests/information`, { sessionId, body, ip });

    it('records an information request with the trimmed phone, visible as a request of the customer', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await post(mario, contact, '10.9.1.1');
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json().data;
      expect(id).toBeGreaterThan(0);
      const [row] = await ctx.db.select().from(requests).where(eq(requests.id, id));
      expect(row).toMatchObject({
        requestType: 'Information',
        status: 'Aperto',
        customerId: ctx.fixture.mario.id,
        contractId: ctx.world.contracts['CTR-1']!.id,
      });
      expect(row!.payload).toEqual({
        subject: 'bolletta',
        description: 'Non ho ricevuto la bolletta di marzo.',
        mobilephone: '3331234567',
        company: 'sga',
      });
      // Without a contract key (removed when empty) the customer's alone is enough.
      const { contractKey: _dropped, ...withoutContract } = contact;
      expect((await post(mario, withoutContract, '10.9.1.2')).statusCode).toBe(200);
    });

    it('checks subject, message, phone and contract, each with its own field message', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const blank = await post(mario, { ...contact, subject: '', description: '   ', mobilephone: '' });
      expect(blank.statusCode).toBe(400);
      const byField = Object.fromEntries(
        (blank.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
      );
      expect(byField).toEqual({
        subject: "Scegli l'argomento della richiesta",
        description: 'Scrivi il testo del messaggio',
        mobilephone: 'Inserisci un numero di cellulare italiano valido',
      });
      const landline = await post(mario, { ...contact, mobilephone: '02 1234567' });
      expect(landline.statusCode).toBe(400);
      expect(landline.json().errors).toEqual([
        expect.objectContaining({ field: 'mobilephone', code: 'contact_phone_required' }),
      ]);
      const long = await post(mario, { ...contact, description: 'a'.repeat(1001) });
      expect(long.json().errors[0].message).toBe('Il messaggio può contenere al massimo 1000 caratteri');
      const { contractKey: _c, customerKey: _k, ...neither } = contact;
      expect((await post(mario, neither)).json().errors[0].field).toBe('contractKey');
      expect((await post(mario, { ...contact, company: 'mes' })).statusCode).toBe(400);
    });

    it('refuses a contract not the customer’s (422), a stranger’s contract or customer (403)', async () => {
      const luca = await loginAs(ctx.app, 'luca');
      // Luca reaches both Mario and Anna: CTR-2 is Anna's, not Mario's.
      const mismatch = await post(luca, { ...contact, contractKey: 'CTR-2' }, '10.9.2.1');
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().message).toBe('Il contratto indicato non appartiene al cliente scelto.');
      const mario = await loginAs(ctx.app, 'mario');
      expect((await post(mario, { ...contact, contractKey: 'CTR-3' }, '10.9.2.2')).statusCode).toBe(403);
      expect((await post(mario, { ...contact, customerKey: 'CUS-OTHER' }, '10.9.2.3')).statusCode).toBe(403);
    });

    it('limits contacts per user and per address (429), recording nothing over the limit', async () => {
      const anna = await loginAs(ctx.app, 'anna');
      const body = { ...contact, customerKey: 'CUS-ANNA', contractKey: 'CTR-2' };
      const statuses: number[] = [];
      // Each from its own address: only the per-user limit is reached.
      for (let i = 0; i < 6; i++) statuses.push((await post(anna, body, `10.9.3.${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

      // An address that has sent its share is refused for any user.
      await ctx.db
        .insert(rateLimits)
        .values({ key: 'contact:address:10.9.4.1', windowStart: new Date(), count: 20 });
      const mario = await loginAs(ctx.app, 'mario');
      const crowded = await post(mario, contact, '10.9.4.1');
      expect(crowded.statusCode).toBe(429);
      expect(crowded.json().message).toBe(
        'Hai già inviato diverse richieste: riprova tra un po’ o chiama il servizio clienti.',
      );
    });
  });

  describe('logged-out contact', () => {
    const post = async (body: object, ip: string, sessionId?: string) =>
      call(ctx.app, 'POST', `${ERP}/requests/contact`, {
        sessionId: sessionId ?? (await guestSession(ctx.app)),
        body,
        ip,
      });

    it('keeps the message with the trimmed name and phone, the e-mail in lower case, on no customer', async () => {
      const before = await ctx.db.$count(requests);
      const res = await post(guestContact, '10.9.6.1');
      expect(res.statusCode, res.body).toBe(200);
      const { id, key } = res.json().data;
      expect(id).toBeGreaterThan(0);
      expect(key).toMatch(/^CNT-[0-9A-F]{12}$/);
      const [row] = await ctx.db.select().from(guestContacts).where(eq(guestContacts.id, id));
      expect(row).toMatchObject({
        companyCode: 'sga',
        name: 'Maria Bianchi',
        clientCode: '100001',
        email: 'maria.bianchi@example.it',
        mobilePhone: '3337654321',
        subject: 'contatore',
      });
      // The typed client code proves nothing: nobody's practices get the message.
      expect(await ctx.db.$count(requests)).toBe(before);
    });

    it('checks every field with its own message, and needs a session (401)', async () => {
      const blank = await post(
        { ...guestContact, name: ' ', clientCode: '', email: '', privacy: false, subject: '' },
        '10.9.6.2',
      );
      expect(blank.statusCode).toBe(400);
      const byField = Object.fromEntries(
        (blank.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
      );
      expect(byField).toEqual({
        name: 'Scrivi il tuo nome e cognome',
        clientCode: 'Il codice cliente è obbligatorio',
        email: 'Inserire email valida',
        privacy: 'Il consenso per il trattamento dati personali è obbligatorio',
        subject: "Scegli l'argomento della richiesta",
      });
      const wrong = await post(
        { ...guestContact, clientCode: 'AB12', email: 'maria@example', mobilephone: '02 1234567' },
        '10.9.6.3',
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.map((e: { field: string }) => e.field)).toEqual(['clientCode']);
      const pattern = await post(
        { ...guestContact, email: 'maria@example', mobilephone: '02 1234567' },
        '10.9.6.4',
      );
      expect(pattern.statusCode).toBe(400);
      expect(
        pattern
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['email', 'mobilephone']);
      const other = await post({ ...guestContact, company: 'ast' }, '10.9.6.5');
      expect(other.statusCode).toBe(400);
      const none = await call(ctx.app, 'POST', `${ERP}/requests/contact`, { body: guestContact });
      expect(none.statusCode).toBe(401);
      expect(await ctx.db.$count(guestContacts, eq(guestContacts.email, 'maria@example'))).toBe(0);
    });

    it('limits messages per e-mail and per address (429), recording nothing over the limit', async () => {
      const body = { ...guestContact, email: 'limite@example.it' };
      const statuses: number[] = [];
      // Each from its own address, the e-mail written in other cases: only the per-e-mail limit counts.
      for (let i = 0; i < 6; i++) {
        const email = i % 2 ? body.email.toUpperCase() : body.email;
        statuses.push((await post({ ...body, email }, `10.9.7.${i}`)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await ctx.db.$count(guestContacts, eq(guestContacts.email, 'limite@example.it'))).toBe(5);

      const statusesByAddress: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await post({ ...guestContact, email: `indirizzo${i}@example.it` }, '10.9.8.1');
        statusesByAddress.push(res.statusCode);
      }
      expect(statusesByAddress.filter((s) => s === 200)).toHaveLength(20);
      const refused = await post({ ...guestContact, email: 'altra@example.it' }, '10.9.8.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        'Hai già inviato diverse richieste: riprova tra un po’ o chiama il servizio clienti.',
      );
      // The address's count is shared with the logged-in form.
      const mario = await loginAs(ctx.app, 'mario');
      const logged = await call(ctx.app, 'POST', `${ERP}/requests/information`, {
        sessionId: mario,
        body: contact,
        ip: '10.9.8.1',
      });
      expect(logged.statusCode).toBe(429);
    });
  });
});
