// Sign-up (SPEC §2, §5, §7): the fiscal-data check, usernames, new customers of each type, the proof
// of possession by code or bill (ADR 022), association to a logged-in user; every refusal and limit.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentChanges, customers, integrationEvents, users } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { databaseKinds } from '../../../test/databases.js';
import { maskEmail, maskPhone } from '../../platform/notices/security-notice.js';
import { FISCAL_DATA_FAILURES_PER_ADDRESS, FISCAL_DATA_FAILURES_PER_CUSTOMER } from './fiscal-data.js';
import {
  ANNA,
  CODES,
  COMPANY,
  CONDOMINIUM,
  CORE,
  FREE,
  freshIp,
  INACTIVE,
  NEW_PASSWORD,
  newUser,
  NOTHING,
  PHONE_ONLY,
  PRIVATE,
  unknownPair,
  useRegistrationWorld,
  WFM,
} from '../../../test/registration-world.js';
import { billTotalCents, REGISTRATION_CODES_PER_CUSTOMER, USERNAME_LOOKUPS_PER_ADDRESS } from './sign-up.js';

describe.each(databaseKinds)('sign-up on %s', (kind) => {
  const { ctx, post, login, mailsTo, smsTo, withCode, noProof } = useRegistrationWorld(kind);

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
        formerCustomer: null,
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
      const session = await loginSteppedUp(ctx, 'lead');
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
      const [event] = await ctx.db
        .select()
        .from(integrationEvents)
        .where(eq(integrationEvents.customerId, row!.id));
      expect(event).toMatchObject({
        kind: 'customer.registered',
        payload: { username: 'laurab', privacyCompany: false, privacyOthers: true },
      });
      // The consents given at registration open the customer's consent history (ADR 045 §3).
      const history = await ctx.db
        .select()
        .from(consentChanges)
        .where(eq(consentChanges.customerId, row!.id));
      expect(history.map((h) => [h.consent, h.oldValue, h.newValue, h.channel, h.byWho]).sort()).toEqual([
        ['privacyCompany', null, false, 'registration', 'laurab'],
        ['privacyOthers', null, true, 'registration', 'laurab'],
      ]);
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
      // A company's mail greets the company, not its username.
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

  it('associates a free customer to a logged-in user without one, once, with the proof of registration', async () => {
    const lead = await loginAs(ctx.app, 'lead');
    const associate = (body: object) =>
      post(`${WFM}/associate-contract-to-user/start`, body, { sessionId: lead });
    // Knowing the client code and the fiscal code is not owning the contract: a proof is asked.
    expect((await associate(FREE)).statusCode).toBe(400);
    const wrong = await associate({ ...FREE, proof: { ...(await withCode(FREE)).proof, code: '0000' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0].field).toBe('proof.code');
    const res = await associate(await withCode(FREE));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('completed');
    // Done already: asking again changes nothing, whatever the proof.
    const again = await associate(noProof(FREE));
    expect(again.statusCode).toBe(200);
    const other = await associate(noProof(PRIVATE));
    expect(other.json().message).toBe("Attenzione! L'utente è già registrato.");
    const guest = await post(`${WFM}/associate-contract-to-user/start`, noProof(FREE));
    expect(guest.statusCode).toBe(401);
  });
});
