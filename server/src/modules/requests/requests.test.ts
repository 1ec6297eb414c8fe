// Requests (SPEC §7 ERP): reading them, the shipping-address request (required fields, address
// check) and the bank-debit request (IBAN/BIC/holder checks, change in progress), with ownership.
import { eq, like, sql } from 'drizzle-orm';
import { italianCin } from '@sportello/domain';
import { describe, expect, it } from 'vitest';
import { contracts, jobs, requests } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { databaseKinds } from '../../../test/databases.js';
import { BIC, HOLDER_FISCAL_CODE, IBAN, useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';
const keys = (data: { requests: { key: string }[] }) => data.requests.map((r) => r.key);

const address = {
  streetGeneric: 'Via',
  streetName: 'Garibaldi',
  civicNumber: '12/A',
  city: 'Roma',
  province: 'rm',
  postalCode: '00153',
};

const mandate = { iban: IBAN, bic: BIC, holderName: 'Mario Rossi', holderFiscalCode: HOLDER_FISCAL_CODE };

describe.each(databaseKinds)('requests on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const bankingOf = async (key: string) =>
    (await ctx.db.select().from(contracts).where(eq(contracts.key, key)))[0]!.banking;

  describe('reading', () => {
    it('lists a customer’s or a contract’s requests newest first, by type, paged', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const all = await call(ctx.app, 'GET', `${ERP}/requests?customerKey=CUS-MARIO`, { sessionId: mario });
      expect(all.statusCode).toBe(200);
      expect(keys(all.json().data)).toEqual(['REQ-M5', 'REQ-M4B', 'REQ-M2', 'REQ-M1', 'REQ-M4A']);
      expect(all.json().data.count).toBe(5);
      expect(all.json().data.requests[0]).toMatchObject({
        id: ctx.world.requests['REQ-M5']!.id,
        requestType: 'GestioneSDD',
        Status: 'InLavorazione',
        PhaseCode: null,
        CreatedDate: '2025-04-01T10:00:00.000Z',
        contractId: String(ctx.world.contracts['CTR-5']!.id),
      });

      const sdd = await call(
        ctx.app,
        'GET',
        `${ERP}/requests?customerKey=CUS-MARIO&requestType=GestioneSDD&pagingTake=2`,
        {
          sessionId: mario,
        },
      );
      expect(keys(sdd.json().data)).toEqual(['REQ-M5', 'REQ-M4B']);
      expect(sdd.json().data.count).toBe(3);

      const ofContract = await call(ctx.app, 'GET', `${ERP}/requests?contractKey=CTR-4`, {
        sessionId: mario,
      });
      expect(keys(ofContract.json().data)).toEqual(['REQ-M4B', 'REQ-M4A']);
    });

    it('reads one request by id or key', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      for (const id of ['REQ-M2', String(ctx.world.requests['REQ-M2']!.id)]) {
        const res = await call(ctx.app, 'GET', `${ERP}/requests/${id}`, { sessionId: mario });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({
          key: 'REQ-M2',
          requestType: 'Var_Anagrafica',
          Status: 'Aperto',
        });
      }
    });

    it('refuses franco’s and anna’s requests and lists (403), unknown ones (404), no filter (400)', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      for (const url of [
        `${ERP}/requests/REQ-F1`,
        `${ERP}/requests/${ctx.world.requests['REQ-F1']!.id}`,
        `${ERP}/requests/REQ-A1`,
        `${ERP}/requests?customerKey=CUS-OTHER`,
        `${ERP}/requests?contractKey=CTR-3`,
        `${ERP}/requests?customerKey=CUS-MARIO&contractKey=CTR-2`,
      ]) {
        const res = await call(ctx.app, 'GET', url, { sessionId: mario });
        expect(res.statusCode, url).toBe(403);
      }
      for (const url of [`${ERP}/requests/REQ-404`, `${ERP}/requests?contractKey=CTR-404`]) {
        const res = await call(ctx.app, 'GET', url, { sessionId: mario });
        expect(res.statusCode, url).toBe(404);
      }
      const none = await call(ctx.app, 'GET', `${ERP}/requests`, { sessionId: mario });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Indicare un cliente o un contratto');
    });
  });

  describe('shipping address', () => {
    it('records an open ShippingAddress request with an id above 0', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', shippingAddress: address },
      });
      expect(res.statusCode).toBe(200);
      const { id, key } = res.json().data;
      expect(id).toBeGreaterThan(0);
      expect(key).toMatch(/^REQ-/);
      const [row] = await ctx.db.select().from(requests).where(eq(requests.id, id));
      expect(row).toMatchObject({
        requestType: 'ShippingAddress',
        status: 'Aperto',
        customerId: ctx.fixture.mario.id,
        contractId: ctx.world.contracts['CTR-1']!.id,
      });
      expect(row!.payload).toMatchObject({
        shippingAddress: { streetName: 'Garibaldi', province: 'RM', istatCode: '058091', country: 'IT' },
        addressCheckScore: 100,
        addressVerified: true,
      });
      const read = await call(ctx.app, 'GET', `${ERP}/requests/${id}`, { sessionId: mario });
      expect(read.json().data).toMatchObject({ id, requestType: 'ShippingAddress', Status: 'Aperto' });
    });

    it('shows the change on the contract until processed, and refuses a second one meanwhile', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const contract = async () =>
        (await call(ctx.app, 'GET', `${ERP}/contracts/CTR-7`, { sessionId: mario })).json().data;
      expect((await contract()).shippingAddressChange).toBeNull();
      const post = () =>
        call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
          sessionId: mario,
          body: { contractKey: 'CTR-7', shippingAddress: address },
        });
      const first = await post();
      expect(first.statusCode).toBe(200);
      const pending = (await contract()).shippingAddressChange;
      expect(pending.shippingAddress).toMatchObject({
        streetName: 'Garibaldi',
        civicNumber: '12/A',
        city: 'Roma',
      });
      expect(Date.parse(pending.requestedAt)).toBeGreaterThan(Date.now() - 60_000);
      // The old address stays the contract's until the back office applies the new one.
      expect((await contract()).shippingAddress).toBeNull();

      const second = await post();
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe("È già in corso una variazione dell'indirizzo di spedizione");

      await ctx.db.update(requests).set({ status: 'Chiuso' }).where(eq(requests.id, first.json().data.id));
      expect((await contract()).shippingAddressChange).toBeNull();
      expect((await post()).statusCode).toBe(200);
    });

    it('requires civic number, city, postal code and address, each with its Italian message', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const missingCivic = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', shippingAddress: { ...address, civicNumber: '  ' } },
      });
      expect(missingCivic.statusCode).toBe(400);
      expect(missingCivic.json().errors).toEqual([
        {
          code: 'civic_number_required',
          field: 'shippingAddress.civicNumber',
          message: 'Il numero civico è obbligatorio',
        },
      ]);

      const { province } = address;
      const empty = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', shippingAddress: { province, streetName: '', city: ' ' } },
      });
      expect(empty.statusCode).toBe(400);
      const byField = Object.fromEntries(
        (empty.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
      );
      expect(byField).toEqual({
        'shippingAddress.streetName': "L'indirizzo è obbligatorio",
        'shippingAddress.civicNumber': 'Il numero civico è obbligatorio',
        'shippingAddress.city': 'La città è obbligatoria',
        'shippingAddress.postalCode': 'Il CAP è obbligatorio',
      });
    });

    it('refuses an address that fails the address check with 422 "Indirizzo non valido"', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      // An unknown town; a civic number that is no number, named on its field.
      for (const wrong of [{ city: 'Paperopoli', province: 'XX' }, { civicNumber: 'abc' }]) {
        const res = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
          sessionId: mario,
          body: { contractKey: 'CTR-4', shippingAddress: { ...address, ...wrong } },
        });
        expect(res.statusCode, JSON.stringify(wrong)).toBe(422);
        expect(res.json().message).toBe('Indirizzo non valido');
      }
      const abc = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
        sessionId: mario,
        body: { contractKey: 'CTR-4', shippingAddress: { ...address, civicNumber: 'abc' } },
      });
      expect(abc.json().errors).toEqual([
        {
          code: 'invalid_civic_number',
          field: 'shippingAddress.civicNumber',
          message: 'Numero civico non valido',
        },
      ]);
      const contract = await call(ctx.app, 'GET', `${ERP}/contracts/CTR-4`, { sessionId: mario });
      expect(contract.json().data.shippingAddressChange).toBeNull();
    });

    it('accepts a street the street list does not know, flagged unverified for the back office', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
        sessionId: mario,
        body: {
          contractKey: 'CTR-4',
          shippingAddress: { ...address, streetGeneric: 'Via', streetName: 'Inventata' },
        },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await ctx.db.select().from(requests).where(eq(requests.id, res.json().data.id));
      expect(row!.payload).toMatchObject({ addressVerified: false, addressCheckScore: 49 });
    });

    it('refuses a contract no longer active (422), franco’s or anna’s (403), an unknown one (404)', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const post = (contractKey: string) =>
        call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
          sessionId: mario,
          body: { contractKey, shippingAddress: address },
        });
      const ended = await post('CTR-6');
      expect(ended.statusCode).toBe(422);
      expect(ended.json().message).toBe('Il contratto non è attivo');
      expect((await post('CTR-3')).statusCode).toBe(403);
      expect((await post('CTR-2')).statusCode).toBe(403);
      expect((await post('CTR-404')).statusCode).toBe(404);
    });
  });

  describe('where bills go: a stolen session moves nothing without a step-up, and the customer is told', () => {
    /** The security notices queued for the customer's contacts, as mails. */
    const notices = async (prefix: string) =>
      (
        await ctx.db
          .select()
          .from(jobs)
          .where(like(jobs.idempotencyKey, `${prefix}%`))
      ).map((j) => j.payload as { to: string; subject: string; text: string });

    it('mails a bill to an address on file without a step-up, to any other only after one, and tells the customer', async () => {
      const stolen = await loginAs(ctx.app, 'mario');
      const own = await call(ctx.app, 'POST', `${ERP}/requests/emailInvoice`, {
        sessionId: stolen,
        body: { invoiceId: 'INV-1' },
      });
      expect(own.statusCode, own.body).toBe(200);
      const onFile = await call(ctx.app, 'POST', `${ERP}/requests/emailInvoice`, {
        sessionId: stolen,
        body: { invoiceId: 'INV-1', email: 'CUS-MARIO@example.it' },
      });
      expect(onFile.statusCode, onFile.body).toBe(200);
      expect(await notices('notice:bill-mailed:')).toEqual([]);

      const elsewhere = await call(ctx.app, 'POST', `${ERP}/requests/emailInvoice`, {
        sessionId: stolen,
        body: { invoiceId: 'INV-1', email: 'ladro@example.com' },
      });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().errors[0].code).toBe('step_up_required');
      const paperless = await call(ctx.app, 'POST', `${ERP}/requests/billingOptions`, {
        sessionId: stolen,
        body: { contractKey: 'CTR-1', delivery: 'email', email: 'ladro@example.com' },
      });
      expect(paperless.statusCode).toBe(403);
      const asked = await ctx.db
        .select()
        .from(requests)
        .where(sql`${requests.payload}::text like '%ladro%'`);
      expect(asked).toEqual([]);

      const mario = await loginSteppedUp(ctx, 'mario');
      const sent = await call(ctx.app, 'POST', `${ERP}/requests/emailInvoice`, {
        sessionId: mario,
        body: { invoiceId: 'INV-1', email: 'commercialista@example.com' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const [told] = await notices('notice:bill-mailed:');
      expect(told).toMatchObject({
        to: 'cus-mario@example.it',
        subject: 'Bolletta inviata a un altro indirizzo',
      });
      expect(told!.text).toContain('c•••@e•••.com');
      const redirected = await call(ctx.app, 'POST', `${ERP}/requests/billingOptions`, {
        sessionId: mario,
        body: { contractKey: 'CTR-1', delivery: 'email', email: 'commercialista@example.com' },
      });
      expect(redirected.statusCode, redirected.body).toBe(200);
      const [moved] = await notices('notice:bills-redirected:');
      expect(moved).toMatchObject({
        to: 'cus-mario@example.it',
        subject: 'Le tue bollette cambiano indirizzo',
      });
    });

    it('moves the paper bills only after a step-up, and tells the customer', async () => {
      const stolen = await loginAs(ctx.app, 'mario');
      const refused = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
        sessionId: stolen,
        body: { contractKey: 'CTR-5', shippingAddress: address },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].code).toBe('step_up_required');

      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await call(ctx.app, 'POST', `${ERP}/requests/shippingAddress`, {
        sessionId: mario,
        body: { contractKey: 'CTR-5', shippingAddress: address },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [told] = await notices(`notice:bills-redirected:${res.json().data.key}`);
      expect(told).toMatchObject({
        to: 'cus-mario@example.it',
        subject: 'Le tue bollette cambiano indirizzo',
      });
      expect(told!.text).toContain('Roma (00153)');
    });
  });

  describe('bank debit', () => {
    const post = (sessionId: string, body: Record<string, unknown>) =>
      call(ctx.app, 'POST', `${ERP}/requests/bankAccountChange`, { sessionId, body });

    it('checks IBAN, BIC and the holder’s fiscal code, with field and Italian message', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const cases: [Record<string, string>, string, string, string][] = [
        [
          { iban: 'IT60X0542811101000000123457' },
          'iban',
          'iban_wrong_check_digits',
          expect.stringMatching(/^IBAN non valido: le cifre di controllo/),
        ],
        [{ bic: 'XX' }, 'bic', 'invalid_bic', 'BIC non valido'],
        [
          { holderFiscalCode: 'RSSMRA80A01H501X' },
          'holderFiscalCode',
          'invalid_holder_fiscal_code',
          "Codice fiscale dell'intestatario non valido",
        ],
        [
          { holderFiscalCode: '01234567890' },
          'holderFiscalCode',
          'invalid_holder_fiscal_code',
          expect.any(String),
        ],
        [{ iban: '' }, 'iban', 'required', 'Informazione obbligatoria'],
      ];
      for (const [change, field, code, message] of cases) {
        const res = await post(mario, { contractKey: 'CTR-1', operation: 'activate', ...mandate, ...change });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors).toEqual([{ field, code, message }]);
      }
      const tooLong = await post(mario, {
        contractKey: 'CTR-1',
        operation: 'activate',
        ...mandate,
        bic: 'B'.repeat(12),
      });
      expect(tooLong.json().errors).toEqual([
        { field: 'bic', code: 'invalid_bic', message: 'BIC non valido' },
      ]);
      expect(await bankingOf('CTR-1')).toBeNull();
    });

    it('refuses wrong CINs and non-SEPA accounts, saying why; takes a pasted no-break space', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const ibanProblemOf = async (iban: string) => {
        const res = await post(mario, {
          contractKey: 'CTR-1',
          operation: 'activate',
          ...mandate,
          iban,
          bic: 'XX',
        });
        expect(res.statusCode).toBe(400);
        return (res.json().errors as { field: string; code: string; message: string }[]).find(
          (e) => e.field === 'iban',
        );
      };
      /** An Italian IBAN with right check digits (ISO 13616) around the given CIN letter. */
      const italianIban = (cin: string, abiCabAccount: string) => {
        const numeric = `${cin}${abiCabAccount}IT00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
        return `IT${String(98n - (BigInt(numeric) % 97n)).padStart(2, '0')}${cin}${abiCabAccount}`;
      };
      const refusedCodes = new Set<string>();
      for (let i = 0; i < 300; i++) {
        const account = `03069${String(10_000 + i * 7).padStart(5, '0')}${String(i * 7_919_773).padStart(12, '0')}`;
        const right = italianCin(account);
        const wrong = String.fromCharCode(65 + ((right.charCodeAt(0) - 65 + 1 + (i % 25)) % 26));
        refusedCodes.add((await ibanProblemOf(italianIban(wrong, account)))?.code ?? 'accepted');
      }
      expect([...refusedCodes]).toEqual(['iban_wrong_cin']);
      for (const iban of [
        'BR1800360305000010009795493C1',
        'TR330006100519786457841326',
        'AE070331234567890123456',
      ])
        expect(await ibanProblemOf(iban)).toEqual({
          field: 'iban',
          code: 'iban_not_sepa',
          message: expect.stringMatching(/area SEPA/),
        });
      expect(
        await ibanProblemOf('IT60\u00A0X054\u00A02811\u00A01010\u00A00000\u00A00123\u00A0456'),
      ).toBeUndefined();
      expect(await ibanProblemOf('IT60\u202FX054\u202F2811 1010 0000 0123 456')).toBeUndefined();
      expect(await bankingOf('CTR-1')).toBeNull();
    });

    it('refuses a change or revocation where no direct debit is active, an activation where one is', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const change = await post(mario, { contractKey: 'CTR-1', operation: 'change', ...mandate });
      expect(change.statusCode).toBe(422);
      expect(change.json().message).toBe('La domiciliazione bancaria non è attiva su questo contratto');
      const activate = await post(mario, { contractKey: 'CTR-7', operation: 'activate', ...mandate });
      expect(activate.statusCode).toBe(422);
    });

    it('activates: an open GestioneSDD request, the new mandate pending; a second change is refused', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await post(mario, {
        contractKey: 'CTR-1',
        operation: 'activate',
        ...mandate,
        // Printed form: spaces and lower case are accepted and normalised.
        iban: 'it60 x054 2811 1010 0000 0123 456',
        bic: 'bpmoit22xxx',
        holderFiscalCode: 'rssmra80a01h501u',
      });
      expect(res.statusCode).toBe(200);
      const { id } = res.json().data;
      expect(id).toBeGreaterThan(0);
      const [row] = await ctx.db.select().from(requests).where(eq(requests.id, id));
      // The description is what the practices pages show: words, not the call's operation code.
      expect(row).toMatchObject({
        requestType: 'GestioneSDD',
        status: 'Aperto',
        description: 'Domiciliazione bancaria: attivazione',
      });
      expect(await bankingOf('CTR-1')).toEqual({
        iban: IBAN,
        bic: BIC,
        holderName: 'Mario Rossi',
        holderFiscalCode: HOLDER_FISCAL_CODE,
        state: 'AttivazioneInCorso',
      });
      const contract = await call(ctx.app, 'GET', `${ERP}/contracts/CTR-1`, { sessionId: mario });
      expect(contract.json().data.banking.state).toBe('AttivazioneInCorso');

      const again = await post(mario, { contractKey: 'CTR-1', operation: 'change', ...mandate });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('È già in corso una variazione della domiciliazione bancaria');
    });

    it('changes when the latest GestioneSDD request is closed, then refuses a further change', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await post(mario, {
        contractKey: 'CTR-4',
        operation: 'change',
        iban: 'IT47T0306909606100000063525',
        holderName: 'Mario Rossi',
        holderFiscalCode: '00811720580',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).toBeGreaterThan(0);
      // The mandate in force stays until the back office applies the new one.
      expect(await bankingOf('CTR-4')).toMatchObject({ iban: IBAN, state: 'VariazioneInCorso' });
      const [row] = await ctx.db.select().from(requests).where(eq(requests.id, res.json().data.id));
      expect(row!.payload).toMatchObject({
        operation: 'change',
        mandate: { iban: 'IT47T0306909606100000063525', bic: null },
      });

      const further = await post(mario, { contractKey: 'CTR-4', operation: 'revoke' });
      expect(further.statusCode).toBe(409);
    });

    it('refuses any change while the latest GestioneSDD request is not closed', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await post(mario, { contractKey: 'CTR-5', operation: 'revoke' });
      expect(res.statusCode).toBe(409);
      expect(await bankingOf('CTR-5')).toMatchObject({ state: null });
    });

    it('revokes: RevocaInCorso on the mandate', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      const res = await post(mario, { contractKey: 'CTR-7', operation: 'revoke' });
      expect(res.statusCode).toBe(200);
      expect(await bankingOf('CTR-7')).toMatchObject({ iban: IBAN, state: 'RevocaInCorso' });
    });

    it('refuses franco’s and anna’s contracts (403), an unknown (404) and an ended one (422)', async () => {
      const mario = await loginSteppedUp(ctx, 'mario');
      for (const contractKey of ['CTR-3', 'CTR-2', String(ctx.world.contracts['CTR-3']!.id)]) {
        const res = await post(mario, { contractKey, operation: 'activate', ...mandate });
        expect(res.statusCode, contractKey).toBe(403);
      }
      expect((await post(mario, { contractKey: 'CTR-404', operation: 'revoke' })).statusCode).toBe(404);
      const ended = await post(mario, { contractKey: 'CTR-6', operation: 'activate', ...mandate });
      expect(ended.statusCode).toBe(422);
      expect(ended.json().message).toBe('Il contratto non è attivo');
      expect(await bankingOf('CTR-3')).toBeNull();
    });
  });
});
