// Registration (SPEC §2, §5, §6, §7): fiscal-data check, usernames, new customers of each type and
// delegates, delegation requests confirmed by the delegator, association, forgotten password; every
// refusal, throttling, single use and expiry of reset links, no enumeration.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contracts,
  customers,
  delegationRequests,
  invoices,
  jobs,
  links,
  supplies,
  users,
  workflowTasks,
} from '@sportello/db/schema';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { PASSWORD } from '../../../test/fixture.js';
import { maskEmail, maskPhone } from '../../platform/notices/security-notice.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import {
  billTotalCents,
  FISCAL_DATA_FAILURES_PER_ADDRESS,
  FISCAL_DATA_FAILURES_PER_CUSTOMER,
  REGISTRATION_CODES_PER_CUSTOMER,
  RESET_REQUESTS_PER_ADDRESS,
  USERNAME_LOOKUPS_PER_ADDRESS,
} from './service.js';

const CORE = 'portalapi/Core/v1';
const WFM = 'portalapi/Wfm/v1';
const NEW_PASSWORD = 'Nuova2026!';

const PRIVATE = { customerType: 'private', customerCode: '300001', taxCode: 'bnclra90a41f205i' } as const;
const COMPANY = { customerType: 'company', customerCode: '300002', taxCode: '00811720580' } as const;
const CONDOMINIUM = { customerType: 'condominium', customerCode: '300003', taxCode: '06655971007' } as const;
const INACTIVE = { customerType: 'private', customerCode: '300004', taxCode: 'VRDGPP75C12L219Z' } as const;
const FREE = { customerType: 'private', customerCode: '300006', taxCode: 'VRDGPP75C12L219Z' } as const;
const ANNA = { customerCode: '100002', taxCode: 'VRDNNA85T50H501B' };
/** Only a mobile on file: the code goes by SMS. */
const PHONE_ONLY = { customerType: 'private', customerCode: '300007', taxCode: 'BNCLRA90A41F205I' } as const;
/** Nothing on file: a recent bill proves possession. */
const NOTHING = { customerType: 'private', customerCode: '300008', taxCode: 'BNCLRA90A41F205I' } as const;
const CODES = { customerType: 'private', customerCode: '300009', taxCode: 'VRDGPP75C12L219Z' } as const;
/** A proof that proves nothing: for requests refused before any proof is looked at. */
const NO_PROOF = { workflowId: 'none', code: '0000' };
let wrongCode = 0;
/** A client code of nobody: each wrong pair its own, so per-customer limits stay untouched. */
const unknownPair = () => ({ ...PRIVATE, customerCode: String(390000 + ++wrongCode) });

const ADDRESS = {
  streetName: 'Via Garibaldi',
  civicNumber: '1',
  city: 'Roma',
  province: 'RM',
  postalCode: '00153',
};

let ipCounter = 0;
/** Each test from its own address unless it tests the per-address limits. */
const freshIp = () => `10.99.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const newUser = (username: string, extra: Record<string, unknown>) => ({
  username,
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  privacyConsent: true,
  ...extra,
});

describe.each(databaseKinds)('registration on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  async function post(path: string, body: unknown, options: { sessionId?: string; ip?: string } = {}) {
    const sessionId = options.sessionId ?? (await guestSession(ctx.app));
    return call(ctx.app, 'POST', path, { sessionId, body, ip: options.ip ?? freshIp() });
  }
  async function login(username: string, password: string) {
    const res = await post(`${CORE}/user/login`, { username, password });
    return res;
  }
  async function mailsTo(to: string) {
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
    return rows
      .map((r) => r.payload as { to: string; subject: string; text: string })
      .filter((m) => m.to === to);
  }
  const tokenIn = (text: string) => /\/link\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  async function smsTo(to: string) {
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'sms'));
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
          status: row.key === 'REG-OLD' ? 'Cessato' : 'Attivo',
          startDate: '2024-01-01',
        })
        .returning();
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

  describe('check-fiscal-data', () => {
    it('answers the holder and the supplies in force of each customer type', async () => {
      const res = await post(`${CORE}/check-fiscal-data`, PRIVATE);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        holderName: 'Laura Bianchi',
        supplies: [
          {
            contractNumber: '900000',
            name: 'Luce casa',
            commodity: 'gas',
            address: 'Via Roma 1, 20100 Milano (MI)',
          },
        ],
        contacts: [{ channel: 'email', masked: 'r•••@e•••.it' }],
      });
      for (const data of [COMPANY, CONDOMINIUM]) {
        expect((await post(`${CORE}/check-fiscal-data`, data)).statusCode).toBe(200);
      }
    });

    it('says the data do not match for an unknown pair or a wrong type, and an ended contract is not active', async () => {
      for (const data of [
        { ...PRIVATE, customerCode: '399999' },
        { ...PRIVATE, taxCode: 'VRDGPP75C12L219Z' },
        { ...COMPANY, customerType: 'condominium' },
      ]) {
        const res = await post(`${CORE}/check-fiscal-data`, data);
        expect(res.statusCode, JSON.stringify(data)).toBe(422);
        expect(res.json().message).toBe(
          'I dati non corrispondono: controlla il codice cliente e il codice fiscale o la partita IVA.',
        );
      }
      const ended = await post(`${CORE}/check-fiscal-data`, INACTIVE);
      expect(ended.json().message).toBe('Il contratto non è attivo');
    });

    it('tells a customer already registered at this step', async () => {
      const mario = { customerType: 'private', customerCode: '100001', taxCode: 'RSSMRA80A01H501U' };
      const res = await post(`${CORE}/check-fiscal-data`, mario);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("Attenzione! L'utente è già registrato.");
    });

    it('names the tax code field when its check letter or digit is wrong', async () => {
      const person = await post(`${CORE}/check-fiscal-data`, { ...PRIVATE, taxCode: 'BNCLRA90A41F205X' });
      expect(person.statusCode).toBe(400);
      expect(person.json().errors).toEqual([
        { code: 'invalid_tax_code', message: 'Codice fiscale non valido', field: 'taxCode' },
      ]);
      const company = await post(`${CORE}/check-fiscal-data`, { ...COMPANY, taxCode: '00811720581' });
      expect(company.json().errors[0]).toMatchObject({ field: 'taxCode', code: 'invalid_business_tax_code' });
    });

    it('counts wrong delegator pairs against the same address budget as wrong fiscal data', async () => {
      const ip = freshIp();
      for (let i = 0; i < FISCAL_DATA_FAILURES_PER_ADDRESS; i++) {
        expect((await post(`${CORE}/check-fiscal-data`, unknownPair(), { ip })).statusCode).toBe(422);
      }
      const session = await loginAs(ctx.app, 'lead');
      const refused = await post(`${WFM}/delegation-request/start`, ANNA, { sessionId: session, ip });
      expect(refused.statusCode).toBe(429);
    });

    it('refuses an address after too many wrong pairs, and a right pair is no failure', async () => {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        expect((await post(`${CORE}/check-fiscal-data`, PRIVATE, { ip })).statusCode).toBe(200);
      }
      for (let i = 0; i < FISCAL_DATA_FAILURES_PER_ADDRESS; i++) {
        expect((await post(`${CORE}/check-fiscal-data`, unknownPair(), { ip })).statusCode).toBe(422);
      }
      expect((await post(`${CORE}/check-fiscal-data`, PRIVATE, { ip })).statusCode).toBe(429);
      expect((await post(`${CORE}/check-fiscal-data`, PRIVATE)).statusCode).toBe(200);
    });
  });

  it('says whether a username is well formed and free', async () => {
    const answer = async (username: string) =>
      (await post(`${CORE}/users/validate`, { username })).json().data;
    expect(await answer('nuovocliente1')).toEqual({ valid: true, available: true });
    expect(await answer('MARIO')).toEqual({ valid: true, available: false });
    expect(await answer('mario.rossi')).toEqual({ valid: false, available: false });
  });

  it('refuses an address probing usernames too often, by validate or by create', async () => {
    const ip = freshIp();
    for (let i = 0; i < USERNAME_LOOKUPS_PER_ADDRESS - 1; i++) {
      const free = await post(`${CORE}/users/validate`, { username: `sonda${i}` }, { ip });
      expect(free.statusCode).toBe(200);
    }
    const taken = await post(`${CORE}/users`, newUser('mario', { customer: noProof(FREE) }), { ip });
    expect(taken.json().errors[0]).toMatchObject({ field: 'username', code: 'username_taken' });
    for (const refused of [
      await post(`${CORE}/users/validate`, { username: 'mario' }, { ip }),
      await post(`${CORE}/users`, newUser('sonda99', { customer: noProof(FREE) }), { ip }),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Troppi tentativi. Riprova tra qualche minuto.');
    }
    expect((await post(`${CORE}/users/validate`, { username: 'mario' })).statusCode).toBe(200);
  });

  describe('a new customer', () => {
    it('registers a private customer, tied to the customer, mailed, able to log in', async () => {
      const customer = await withCode(PRIVATE);
      const res = await post(`${CORE}/users`, newUser('laurab', { customer, privacyOthers: true }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ username: 'laurab', delegation: null });
      const mails = await mailsTo('reg-p@example.it');
      expect(mails.map((m) => m.subject)).toEqual(['Codice di registrazione', 'Registrazione completata']);
      const session = await login('laurab', NEW_PASSWORD);
      expect(session.statusCode, session.body).toBe(200);
      const list = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', {
        sessionId: session.json().data.id,
      });
      expect(list.json().data.customers.map((c: { key: string }) => c.key)).toEqual(['REG-P']);
      const [row] = await ctx.db.select().from(customers).where(eq(customers.key, 'REG-P'));
      expect(row).toMatchObject({ privacyOthers: true, privacyCompany: false });
    });

    it('refuses a customer that has a user already', async () => {
      const res = await post(`${CORE}/users`, newUser('laurab2', { customer: noProof(PRIVATE) }));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("Attenzione! L'utente è già registrato.");
      const mario = await post(
        `${CORE}/users`,
        newUser('mario2', {
          customer: noProof({ customerType: 'private', customerCode: '100001', taxCode: 'RSSMRA80A01H501U' }),
        }),
      );
      expect(mario.json().message).toBe("Attenzione! L'utente è già registrato.");
    });

    it('registers a company, and of two concurrent submissions for a condominium only one', async () => {
      const company = await withCode(COMPANY);
      expect((await post(`${CORE}/users`, newUser('retesrl', { customer: company }))).statusCode).toBe(200);
      // A company's mail greets the company, not its username (issue 24 item 17).
      const [welcome] = (await mailsTo('reg-c@example.it')).filter(
        (m) => m.subject === 'Registrazione completata',
      );
      expect(welcome!.text).toMatch(/^Gentile Rete Srl,/);
      const condominium = await withCode(CONDOMINIUM);
      const both = await Promise.all([
        post(`${CORE}/users`, newUser('condsole', { customer: condominium })),
        post(`${CORE}/users`, newUser('condsole2', { customer: condominium })),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      expect(
        (await login('condsole', NEW_PASSWORD)).statusCode +
          (await login('condsole2', NEW_PASSWORD)).statusCode,
      ).toBe(200 + 422);
    });

    it('puts every refused rule on its field', async () => {
      const res = await post(`${CORE}/users`, {
        username: 'laura.b',
        password: 'corta',
        confirmPassword: 'altra',
        privacyConsent: false,
        customer: noProof({ ...PRIVATE, taxCode: 'BNCLRA90A41F205X' }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string; message: string }) => [e.field, e.message])).toEqual([
        ['username', 'Il nome utente può contenere solo lettere e numeri (da 3 a 50)'],
        ['password', 'La password deve contenere almeno 8 caratteri'],
        ['password', 'La password deve contenere almeno un carattere non alfabetico'],
        ['password', 'La password deve contenere almeno una lettera maiuscola'],
        ['password', 'La password deve contenere almeno un numero'],
        ['confirmPassword', 'Le password non corrispondono'],
        ['privacyConsent', 'Il consenso per il trattamento dati personali è obbligatorio'],
        ['customer.taxCode', 'Codice fiscale non valido'],
      ]);
    });

    it('refuses a taken username, an inactive contract and a body naming nobody', async () => {
      const taken = await post(`${CORE}/users`, newUser('Mario', { customer: await withCode(FREE) }));
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors[0]).toMatchObject({ field: 'username', message: 'Nome utente già in uso' });
      const inactive = await post(`${CORE}/users`, newUser('giuseppev', { customer: noProof(INACTIVE) }));
      expect(inactive.json().message).toBe('Il contratto non è attivo');
      expect((await post(`${CORE}/users`, newUser('nessuno1', {}))).statusCode).toBe(400);
    });
  });

  describe('proof of possession (ADR 022)', () => {
    const userOf = (username: string) => ctx.db.select().from(users).where(eq(users.username, username));

    it('creates no user from the client code and the fiscal code alone', async () => {
      const res = await post(`${CORE}/users`, newUser('soloduecodici', { customer: FREE }));
      expect(res.statusCode).toBe(400);
      expect(await userOf('soloduecodici')).toEqual([]);
      const guessed = await post(`${CORE}/users`, newUser('soloduecodici', { customer: noProof(FREE) }));
      expect(guessed.statusCode).toBe(422);
      expect(await userOf('soloduecodici')).toEqual([]);
    });

    it('sends the code to the contact on file only, masked, and never to an address typed in', async () => {
      const res = await post('bpm/v1/registration-check', {
        ...PHONE_ONLY,
        channel: 'phone',
        phone: '+393330000000',
        email: 'intruso@example.it',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.sentTo).toBe('+39 ••• ••• •543');
      expect(await smsTo('+393331234543')).toHaveLength(1);
      expect(await smsTo('+393330000000')).toEqual([]);
      expect(await mailsTo('intruso@example.it')).toEqual([]);
      const email = await post('bpm/v1/registration-check', { ...PHONE_ONLY, channel: 'email' });
      expect(email.statusCode).toBe(422);
      expect(email.json().message).toBe('Per questo cliente non abbiamo questo recapito.');
      const found = await post(`${CORE}/check-fiscal-data`, PHONE_ONLY);
      expect(found.json().data.contacts).toEqual([{ channel: 'phone', masked: '+39 ••• ••• •543' }]);
    });

    it('refuses a wrong code, locks it after 5, and creates the user with the right one', async () => {
      const customer = await withCode(PHONE_ONLY, 'phone');
      const wrong = String((Number(customer.proof.code) + 1) % 10000).padStart(4, '0');
      const attempt = () =>
        post(
          `${CORE}/users`,
          newUser('sarab', { customer: { ...customer, proof: { ...customer.proof, code: wrong } } }),
        );
      const first = await attempt();
      expect(first.statusCode).toBe(422);
      expect(first.json().errors[0]).toMatchObject({
        field: 'customer.proof.code',
        message: 'Il codice non è corretto',
      });
      expect(await userOf('sarab')).toEqual([]);
      for (let i = 0; i < 4; i++) await attempt();
      const locked = await post(`${CORE}/users`, newUser('sarab', { customer }));
      expect(locked.statusCode).toBe(422);
      expect(locked.json().message).toBe(
        'Hai sbagliato il codice troppe volte: il codice è bloccato, chiedine uno nuovo.',
      );
      const fresh = await withCode(PHONE_ONLY, 'phone');
      const created = await post(`${CORE}/users`, newUser('sarab', { customer: fresh }));
      expect(created.statusCode, created.body).toBe(200);
      const reused = await post(`${CORE}/users`, newUser('sarab2', { customer: fresh }));
      expect(reused.json().message).toBe("Attenzione! L'utente è già registrato.");
      // Only a phone on file: the new account is told by SMS, with where to report it.
      const notices = (await smsTo('+393331234543')).filter((m) =>
        m.text.startsWith('Registrazione completata'),
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toContain('Se non sei stato tu');
      expect(notices[0]!.text).toContain('/helpers/support?company=sga');
    });

    it('asks one of the latest bills when nothing is on file, compared to the cent', async () => {
      const found = await post(`${CORE}/check-fiscal-data`, NOTHING);
      expect(found.json().data.contacts).toEqual([]);
      const bill = (invoiceNumber: string, invoiceTotal: string) =>
        post(
          `${CORE}/users`,
          newUser('nadiab', { customer: { ...NOTHING, proof: { invoiceNumber, invoiceTotal } } }),
        );
      for (const [number, total] of [
        ['FT-N-2', '142,34'],
        ['FT-N-2', '142,36'],
        ['FT-N-1', '99,99'],
        ['FT-N-9', '142,35'],
      ] as const) {
        const refused = await bill(number, total);
        expect(refused.statusCode, `${number} ${total}`).toBe(422);
        expect(refused.json().message).toBe(
          'Numero e totale non corrispondono a una delle ultime bollette: controllali sulla bolletta.',
        );
      }
      expect((await bill('FT-N-2', 'abc')).json().errors[0].message).toBe(
        'Importo non valido: scrivilo come sulla bolletta, per esempio 142,35',
      );
      expect(await userOf('nadiab')).toEqual([]);
      const created = await bill('ft-n-4', '€ 1.234,56');
      expect(created.statusCode, created.body).toBe(200);
    });

    it('masks a mobile number stored with or without its prefix', () => {
      expect(maskPhone('+393331234543')).toBe('+39 ••• ••• •543');
      expect(maskPhone('3397654543')).toBe('+39 ••• ••• •543');
      expect(maskEmail('elena.marchi@example.it')).toBe('e•••@e•••.it');
    });

    it('reads a bill total as printed', () => {
      expect(billTotalCents('142,35')).toBe(14235);
      expect(billTotalCents('142.35')).toBe(14235);
      expect(billTotalCents('1.234,5')).toBe(123450);
      expect(billTotalCents('€ 88')).toBe(8800);
      expect(billTotalCents('12,345')).toBeNull();
      expect(billTotalCents('')).toBeNull();
    });

    it('does not take a bill where a contact is on file', async () => {
      const res = await post(
        `${CORE}/users`,
        newUser('lauraconbolletta', {
          customer: { ...FREE, proof: { invoiceNumber: 'X', invoiceTotal: '1,00' } },
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'Conferma che sei tu: inserisci il codice che ti abbiamo inviato o i dati di una bolletta.',
      );
    });

    it('limits wrong pairs against one client code from many addresses', async () => {
      for (let i = 0; i < FISCAL_DATA_FAILURES_PER_CUSTOMER; i++) {
        const wrong = await post(`${CORE}/check-fiscal-data`, { ...CONDOMINIUM, customerType: 'company' });
        expect(wrong.statusCode).toBe(422);
      }
      const fromNewAddress = await post(`${CORE}/check-fiscal-data`, CONDOMINIUM);
      expect(fromNewAddress.statusCode).toBe(429);
    });

    it('limits the codes sent to one customer, whatever the address', async () => {
      for (let i = 0; i < REGISTRATION_CODES_PER_CUSTOMER; i++) {
        const sent = await post('bpm/v1/registration-check', { ...CODES, channel: 'email' });
        expect(sent.statusCode, sent.body).toBe(200);
      }
      const refused = await post('bpm/v1/registration-check', { ...CODES, channel: 'email' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe("Hai richiesto troppi codici: riprova tra un'ora.");
    });
  });

  describe('a delegate', () => {
    const delegate = (username: string, extra: Record<string, unknown> = {}) =>
      newUser(username, {
        delegate: {
          firstName: 'Carla',
          lastName: 'Neri',
          email: ' carla@example.it ',
          phoneMobile: '333 1234567',
          address: ADDRESS,
          ...extra,
        },
      });

    it('registers, waits without customers, and reaches every code of the delegator once confirmed', async () => {
      const res = await post(`${CORE}/users`, delegate('carlaneri', { delegation: ANNA }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.delegation).toBe('pending');
      const session = (await login('carlaneri', NEW_PASSWORD)).json().data.id;
      const before = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: session });
      expect(before.json().data.customers).toEqual([]);

      // Asking again (a double submit) finds the same request.
      const again = await post(`${WFM}/delegation-request/start`, ANNA, { sessionId: session });
      expect(again.json().data).toEqual({ status: 'pending' });
      expect(
        await ctx.db.select().from(workflowTasks).where(like(workflowTasks.workflowId, 'WF-DLG-%')),
      ).toHaveLength(1);

      // The delegator follows the mailed link as a guest and confirms.
      const [mail] = await mailsTo('cus-anna@example.it');
      expect(mail!.subject).toBe('Richiesta di delega');
      const guest = await guestSession(ctx.app);
      const link = await call(ctx.app, 'GET', `${CORE}/links/${tokenIn(mail!.text)}`, { sessionId: guest });
      expect(link.json().data.target).toMatchObject({ page: 'workflow', taskName: 'ConfermaDelega' });
      const { workflowId } = link.json().data.target;
      const confirm = await post(
        `${WFM}/workflow/task-execute`,
        { workflowId, reply: 'confirm', taskName: 'ConfermaDelega' },
        { sessionId: guest },
      );
      expect(confirm.statusCode, confirm.body).toBe(200);

      const after = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: session });
      expect(
        after
          .json()
          .data.customers.map((c: { key: string }) => c.key)
          .sort(),
      ).toEqual(['CUS-ANNA', 'REG-A2']);
      const [request] = await ctx.db
        .select()
        .from(delegationRequests)
        .where(eq(delegationRequests.workflowId, workflowId));
      expect(request!.status).toBe('granted');
      const granted = await post(`${WFM}/delegation-request/start`, ANNA, { sessionId: session });
      expect(granted.json().data).toEqual({ status: 'granted' });
    });

    it('gives nothing when the delegator refuses', async () => {
      expect((await post(`${CORE}/users`, delegate('carlarossi'))).json().data.delegation).toBeNull();
      const session = (await login('carlarossi', NEW_PASSWORD)).json().data.id;
      const mario = { customerCode: '100001', taxCode: 'RSSMRA80A01H501U' };
      expect(
        (await post(`${WFM}/delegation-request/start`, mario, { sessionId: session })).json().data.status,
      ).toBe('pending');
      const [task] = await ctx.db
        .select()
        .from(workflowTasks)
        .where(
          and(like(workflowTasks.workflowId, 'WF-DLG-%'), eq(workflowTasks.customerId, ctx.fixture.mario.id)),
        );
      const owner = await loginAs(ctx.app, 'mario');
      const refuse = await post(
        `${WFM}/workflow/task-execute`,
        { workflowId: task!.workflowId, reply: 'refuse', taskName: 'ConfermaDelega' },
        { sessionId: owner },
      );
      expect(refuse.statusCode).toBe(200);
      const list = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: session });
      expect(list.json().data.customers).toEqual([]);
    });

    it('refuses a wrong delegator pair, a bad e-mail or phone, and an address the service rejects', async () => {
      const session = await loginAs(ctx.app, 'lead');
      const wrong = await post(
        `${WFM}/delegation-request/start`,
        { ...ANNA, taxCode: 'RSSMRA80A01H501U' },
        { sessionId: session },
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().message).toBe('Non è possibile richiedere la delega con i dati indicati.');
      const contacts = await post(
        `${CORE}/users`,
        delegate('carlab', { email: 'carla@', phoneMobile: '12' }),
      );
      expect(
        contacts.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
      ).toEqual([
        ['delegate.email', 'Inserire email valida'],
        ['delegate.phoneMobile', 'Telefono non valido'],
      ]);
      const nowhere = await post(
        `${CORE}/users`,
        delegate('carlab', { address: { ...ADDRESS, city: 'Xyzzyville', postalCode: '99999' } }),
      );
      expect(nowhere.statusCode).toBe(422);
      expect(nowhere.json().message).toBe('Indirizzo non valido');
      expect((await login('carlab', NEW_PASSWORD)).statusCode).toBe(422);
    });

    it('tells the delegator of a delegation request and of its grant, with where to report it', async () => {
      const mails = (await mailsTo('cus-anna@example.it')).filter((m) => /delega/i.test(m.subject));
      expect(mails.map((m) => m.subject)).toEqual(['Richiesta di delega', 'Delega confermata']);
      for (const mail of mails) {
        expect(mail.text).toContain('Se non sei stato tu');
        expect(mail.text).toContain('http://localhost:8080/helpers/support?company=sga');
      }
      expect(mails[0]!.text).toMatch(/\/link\/[A-Za-z0-9_-]+\?company=sga/);
    });
  });

  it('associates a free customer to a logged-in user without one, once', async () => {
    const lead = await loginAs(ctx.app, 'lead');
    const res = await post(`${WFM}/associate-contract-to-user/start`, FREE, { sessionId: lead });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('completed');
    const again = await post(`${WFM}/associate-contract-to-user/start`, FREE, { sessionId: lead });
    expect(again.statusCode).toBe(200);
    const other = await post(`${WFM}/associate-contract-to-user/start`, PRIVATE, { sessionId: lead });
    expect(other.json().message).toBe("Attenzione! L'utente è già registrato.");
    const guest = await post(`${WFM}/associate-contract-to-user/start`, FREE);
    expect(guest.statusCode).toBe(401);
  });

  describe('forgotten password', () => {
    const start = (body: unknown, ip?: string) =>
      post(`${WFM}/password-reset/start`, body, { ...(ip ? { ip } : {}) });

    it('answers queued alike for a known and an unknown account; only the known one gets a mail', async () => {
      const known = await start({ username: 'anna' });
      const unknown = await start({ username: 'nessunoqui' });
      const byCodes = await start({ customerCode: '100002', taxCode: 'vrdnna85t50h501b' });
      const wrongCodes = await start({ customerCode: '100002', taxCode: 'RSSMRA80A01H501U' });
      for (const res of [known, unknown, byCodes, wrongCodes]) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(known.body);
      }
      expect(
        (await mailsTo('cus-anna@example.it')).filter((m) => m.subject === 'Recupero password'),
      ).toHaveLength(2);
    });

    it('sets the new password once, ends the other sessions, and refuses the link again', async () => {
      const before = await loginAs(ctx.app, 'franco');
      await start({ username: 'franco' });
      const [mail] = await mailsTo('cus-other@example.it');
      const token = tokenIn(mail!.text);
      const guest = await guestSession(ctx.app);
      const link = await call(ctx.app, 'GET', `${CORE}/links/${token}`, { sessionId: guest });
      expect(link.json().data.target).toEqual({ page: 'password', mode: 'reset' });

      const mismatch = await post(
        `${WFM}/password-reset/complete`,
        { token, password: NEW_PASSWORD, confirmPassword: 'Altra2026!' },
        { sessionId: guest },
      );
      expect(mismatch.json().errors).toEqual([
        {
          code: 'passwords_do_not_match',
          message: 'Le password non corrispondono',
          field: 'confirmPassword',
        },
      ]);
      const done = await post(
        `${WFM}/password-reset/complete`,
        { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { sessionId: guest },
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toEqual({ username: 'franco' });
      const old = await call(ctx.app, 'GET', `${CORE}/modules`, { sessionId: before });
      expect(old.statusCode).toBe(401);
      expect((await login('franco', NEW_PASSWORD)).statusCode).toBe(200);

      const reused = await post(
        `${WFM}/password-reset/complete`,
        { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { sessionId: guest },
      );
      expect(reused.statusCode).toBe(422);
      expect(reused.json().message).toBe('Ops! ci dispiace, qualcosa non ha funzionato');
    });

    it('refuses an expired link and another brand’s', async () => {
      await start({ username: 'anna' });
      const mails = await mailsTo('cus-anna@example.it');
      const token = tokenIn(mails.at(-1)!.text);
      const body = { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      const mes = await post(`${WFM}/password-reset/complete`, body, {
        sessionId: await guestSession(ctx.app, 'mes'),
      });
      expect(mes.statusCode).toBe(422);
      await ctx.db
        .update(links)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(links.entityKey, 'USR-anna'));
      const expired = await post(`${WFM}/password-reset/complete`, body);
      expect(expired.statusCode).toBe(422);
      expect(expired.json().message).toBe('Ops! ci dispiace, qualcosa non ha funzionato');
    });

    it('creates links that expire in 60 minutes, and a spent one has expired', async () => {
      const franco = () =>
        ctx.db.select().from(links).where(eq(links.entityKey, 'USR-franco')).orderBy(links.id);
      const [spent] = await franco();
      expect(spent!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
      const asked = Date.now();
      await start({ username: 'franco' });
      const fresh = (await franco()).at(-1)!;
      expect(fresh.expiresAt!.getTime() - asked).toBeGreaterThan(59 * 60_000);
      expect(fresh.expiresAt!.getTime() - asked).toBeLessThanOrEqual(61 * 60_000);
    });

    it('links the mail in its brand, and keeps one link open per user (issue 23 findings 5 and 6)', async () => {
      await start({ username: 'anna' });
      await start({ username: 'anna' });
      const mails = (await mailsTo('cus-anna@example.it')).filter((m) => m.subject === 'Recupero password');
      const [older, newer] = mails.slice(-2).map((m) => m.text);
      expect(newer).toMatch(/http:\/\/localhost:8080\/link\/[A-Za-z0-9_-]+\?company=sga/);
      const complete = (token: string, password = NEW_PASSWORD) =>
        post(`${WFM}/password-reset/complete`, { token, password, confirmPassword: password });
      expect((await complete(tokenIn(older!))).statusCode).toBe(422);
      // The old password again is refused, and the link stays usable.
      const same = await complete(tokenIn(newer!), PASSWORD);
      expect(same.statusCode).toBe(422);
      expect(same.json().errors[0]).toMatchObject({
        field: 'password',
        message: 'La nuova password deve essere diversa da quella attuale.',
      });
      expect((await complete(tokenIn(newer!))).statusCode).toBe(200);
    });

    it('spends every other reset link when a reset completes', async () => {
      const open = () =>
        ctx.db
          .select()
          .from(links)
          .where(and(eq(links.entityKey, 'USR-mario'), eq(links.moduleId, 5)));
      await start({ username: 'mario' });
      const [mail] = (await mailsTo('cus-mario@example.it')).filter((m) => m.subject === 'Recupero password');
      // A link made some other way (or before this rule) is spent too.
      await ctx.db.insert(links).values({
        ...(await open())[0]!,
        id: undefined,
        tokenHash: 'an-older-link',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const done = await post(`${WFM}/password-reset/complete`, {
        token: tokenIn(mail!.text),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(done.statusCode, done.body).toBe(200);
      for (const link of await open()) expect(link.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('refuses an address asking too often, whatever the account', async () => {
      const ip = freshIp();
      for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
        expect((await start({ username: `x${i}` }, ip)).statusCode).toBe(200);
      }
      const refused = await start({ username: 'anna' }, ip);
      expect(refused.statusCode).toBe(429);
    });
  });
});
