// Services area: the catalogue with states per supply, activation (once per customer for the
// voucher, one request on a double submit), maintenance contracts, the contact request (rules,
// ownership, rate limit), and practices listing every kind of request the portal makes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guestContacts, rateLimits, requests } from '@sportello/db/schema';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { BIC, HOLDER_FISCAL_CODE, IBAN, useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';

interface ServiceDto {
  index: number;
  code: string;
  supplies: { supplyKey: string; state: string; email: string | null }[];
}

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

describe.each(databaseKinds)('services on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const services = async (sessionId: string) => {
    const res = await call(ctx.app, 'GET', `${ERP}/services?customerKey=CUS-MARIO`, { sessionId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.services as ServiceDto[];
  };
  const stateOf = (list: ServiceDto[], code: string, supplyKey: string) =>
    list.find((s) => s.code === code)?.supplies.find((s) => s.supplyKey === supplyKey);
  const activate = (sessionId: string, serviceIndex: number, supplyKey: string) =>
    call(ctx.app, 'POST', `${ERP}/requests/serviceActivation`, {
      sessionId,
      body: { serviceIndex, supplyKey },
    });

  describe('catalogue', () => {
    it('lists the brand’s services in order, on the active supplies they fit, each with its state', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const list = await services(mario);
      expect(list.map((s) => [s.index, s.code])).toEqual([
        [1, 'bollettaclick'],
        [2, 'domiciliazione'],
        [3, 'manutenzione'],
        [4, 'buono-cinema'],
        [5, 'assicurazione-casa'],
        [6, 'check-up-caldaia'],
      ]);
      // SUP-2 (gas) is ceased: a gas-only service fits none of mario's active supplies.
      expect(list.find((s) => s.code === 'check-up-caldaia')!.supplies).toEqual([]);
      expect(stateOf(list, 'bollettaclick', 'SUP-1')).toMatchObject({ state: 'available', email: null });
      // CTR-1 has no mandate, CTR-4 an active one.
      expect(stateOf(list, 'domiciliazione', 'SUP-1')!.state).toBe('available');
      expect(stateOf(list, 'domiciliazione', 'SUP-101')!.state).toBe('active');
      expect(stateOf(list, 'assicurazione-casa', 'SUP-1')!.state).toBe('available');
    });

    it('shows Bolletta click "in attivazione" with its e-mail once asked through billingOptions', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'POST', `${ERP}/requests/billingOptions`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', delivery: 'email', email: 'mario.bollette@example.it' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(stateOf(await services(mario), 'bollettaclick', 'SUP-1')).toMatchObject({
        state: 'pending',
        email: 'mario.bollette@example.it',
      });
      await ctx.db.update(requests).set({ status: 'Chiuso' }).where(eq(requests.id, res.json().data.id));
      expect(stateOf(await services(mario), 'bollettaclick', 'SUP-1')!.state).toBe('active');
    });

    it('refuses a stranger’s customer (403), no session (401)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const other = await call(ctx.app, 'GET', `${ERP}/services?customerKey=CUS-OTHER`, { sessionId: mario });
      expect(other.statusCode).toBe(403);
      const none = await call(ctx.app, 'GET', `${ERP}/services?customerKey=CUS-MARIO`);
      expect(none.statusCode).toBe(401);
    });
  });

  describe('activation', () => {
    it('records a request with an id above 0 and shows the service "in attivazione"; a second ask is refused', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await activate(mario, 5, 'SUP-102');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.id).toBeGreaterThan(0);
      const [row] = await ctx.db.select().from(requests).where(eq(requests.id, res.json().data.id));
      expect(row).toMatchObject({ requestType: 'AttivazioneServizio', status: 'Aperto' });
      expect(stateOf(await services(mario), 'assicurazione-casa', 'SUP-102')!.state).toBe('pending');

      const again = await activate(mario, 5, 'SUP-102');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Hai già richiesto questo servizio: la richiesta è in lavorazione.');
    });

    it('gives the cinema voucher once per customer, whichever supply asks the second time', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const before = await ctx.db.$count(requests);
      expect((await activate(mario, 4, 'SUP-103')).statusCode).toBe(200);
      const second = await activate(mario, 4, 'SUP-104');
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(
        'Il buono cinema è previsto una sola volta per cliente: lo hai già richiesto.',
      );
      expect(await ctx.db.$count(requests)).toBe(before + 1);
      const list = await services(mario);
      expect(stateOf(list, 'buono-cinema', 'SUP-104')!.state).toBe('pending');
    });

    it('creates one request when the same activation is submitted twice at once', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const before = await ctx.db.$count(requests);
      const answers = await Promise.all([activate(mario, 5, 'SUP-105'), activate(mario, 5, 'SUP-105')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await ctx.db.$count(requests)).toBe(before + 1);
    });

    it('refuses a service that does not fit, an unknown one, a ceased supply (422); a stranger’s supply (403)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      for (const [index, supply] of [
        [6, 'SUP-1'],
        [99, 'SUP-1'],
        [1, 'SUP-1'],
        [5, 'SUP-2'],
      ] as const) {
        const res = await activate(mario, index, supply);
        expect(res.statusCode, `${index} ${supply}`).toBe(422);
      }
      expect((await activate(mario, 5, 'SUP-4')).statusCode).toBe(403);
      expect((await activate(mario, 5, 'SUP-404')).statusCode).toBe(404);
      const bad = await activate(mario, 0, 'SUP-1');
      expect(bad.statusCode).toBe(400);
    });
  });

  it('lists a brand’s offers without a session, and refuses an unknown brand (400)', async () => {
    const res = await call(ctx.app, 'GET', `${ERP}/offers?company=sga`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.offers.map((o: { key: string }) => o.key)).toEqual([
      'OFF-1',
      'OFF-2',
      'OFF-3',
      'OFF-9',
    ]);
    expect((await call(ctx.app, 'GET', `${ERP}/offers?company=xyz`)).statusCode).toBe(400);
    expect((await call(ctx.app, 'GET', `${ERP}/offers?company=mes`)).json().data.offers).toEqual([]);
  });

  describe('maintenance contracts', () => {
    it('lists the customer’s contracts with next visit, visits and documents', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'GET', `${ERP}/contracts/maintenance?customerKey=CUS-MARIO`, {
        sessionId: mario,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { count, contracts } = res.json().data;
      expect(count).toBe(1);
      expect(contracts[0]).toMatchObject({
        index: 1,
        key: 'MNT-M',
        product: 'Manutenzione caldaia Comfort',
        annualFeeCents: 12_900,
        supply: { key: 'SUP-1' },
        nextVisit: '2030-01-15',
        documents: [{ title: 'Rapporto di controllo 2024', date: '2024-10-10', kind: 'Rapporto' }],
      });
      expect(contracts[0].visits.map((v: { date: string; done: boolean }) => [v.date, v.done])).toEqual([
        ['2031-01-15', false],
        ['2030-01-15', false],
        ['2024-10-10', true],
      ]);
      expect(res.body).not.toContain('Franco');
    });

    it('refuses the stranger’s customer (403) and an unknown one (404)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const other = await call(ctx.app, 'GET', `${ERP}/contracts/maintenance?customerKey=CUS-OTHER`, {
        sessionId: mario,
      });
      expect(other.statusCode).toBe(403);
      const unknown = await call(ctx.app, 'GET', `${ERP}/contracts/maintenance?customerKey=CUS-404`, {
        sessionId: mario,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

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

  describe('maintenance documents', () => {
    const download = (sessionId: string, id: number | string) =>
      call(ctx.app, 'GET', `${ERP}/contracts/maintenance/documents/${id}`, { sessionId });

    it('gives a listed document as a PDF to the customer and to a delegate', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const list = await call(ctx.app, 'GET', `${ERP}/contracts/maintenance?customerKey=CUS-MARIO`, {
        sessionId: mario,
      });
      const [doc] = list.json().data.contracts[0].documents as { id: string }[];
      expect(doc!.id).toBe(String(ctx.world.maintenanceDocuments.mario.id));
      for (const sessionId of [mario, await loginAs(ctx.app, 'luca')]) {
        const res = await download(sessionId, doc!.id);
        expect(res.statusCode, res.body).toBe(200);
        const file = res.json().data;
        expect(file).toMatchObject({
          title: 'Rapporto di controllo 2024',
          fileName: `MNT-M-${doc!.id}.pdf`,
          contentType: 'application/pdf',
        });
        expect(Buffer.from(file.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      }
    });

    it('refuses the stranger’s document (403), an unknown one (404), no session (401)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const theirs = await download(mario, ctx.world.maintenanceDocuments.stranger.id);
      expect(theirs.statusCode).toBe(403);
      expect(theirs.body).not.toContain('Franco');
      expect((await download(mario, 999_999)).statusCode).toBe(404);
      expect((await download(mario, 'MNT-M')).statusCode).toBe(404);
      const none = await call(ctx.app, 'GET', `${ERP}/contracts/maintenance/documents/1`);
      expect(none.statusCode).toBe(401);
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

  it('practices list every kind of request the portal makes', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const ok = async (path: string, body: object) => {
      const res = await call(ctx.app, 'POST', `${ERP}/${path}`, { sessionId: mario, body, ip: '10.9.5.1' });
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    };
    await ok('requests/shippingAddress', {
      contractKey: 'CTR-1',
      shippingAddress: {
        streetName: 'Via Garibaldi',
        civicNumber: '1',
        city: 'Roma',
        province: 'RM',
        postalCode: '00153',
      },
    });
    await ok('requests/bankAccountChange', {
      contractKey: 'CTR-1',
      operation: 'activate',
      iban: IBAN,
      bic: BIC,
      holderName: 'Mario Rossi',
      holderFiscalCode: HOLDER_FISCAL_CODE,
    });
    await ok('requests/installments', { invoiceId: 'INV-10', contractKey: 'CTR-1' });
    await ok('requests/billingOptions', { contractKey: 'CTR-4', delivery: 'paper' });
    await ok('requests/serviceActivation', { serviceIndex: 5, supplyKey: 'SUP-110' });
    await ok('requests/information', contact);
    const res = await call(ctx.app, 'GET', `${ERP}/requests?customerKey=CUS-MARIO`, { sessionId: mario });
    const types = new Set((res.json().data.requests as { requestType: string }[]).map((r) => r.requestType));
    expect([...types].sort()).toEqual(
      [
        'AttivazioneServizio',
        'GestioneSDD',
        'Information',
        'OpzioniFatturazione',
        'Rateizzazione',
        'ShippingAddress',
        'Var_Anagrafica',
      ].sort(),
    );
  });
});
