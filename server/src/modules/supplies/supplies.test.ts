// Supplies, offers and meter groups (SPEC §7 ERP): reads, the nickname, ownership of every call,
// and the query budget of the supplies list.
import { describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { pdfText } from '../../../test/pdf-text.js';
import { countQueries, useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('supplies on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  describe('list', () => {
    it('lists a customer’s supplies with their contract, in two statements at most', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      let res = await call(ctx.app, 'GET', `${ERP}/supplies?customerKey=CUS-MARIO`, { sessionId: mario });
      const queries = await countQueries(ctx.db, async () => {
        res = await call(ctx.app, 'GET', `${ERP}/supplies?customerKey=CUS-MARIO`, { sessionId: mario });
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.count).toBe(50);
      expect(data.supplies).toHaveLength(50);
      expect(data.supplies[0]).toMatchObject({
        key: 'SUP-1',
        extKey: 'EXT-SUP-1',
        customerId: String(ctx.fixture.mario.id),
        contract: { key: 'CTR-1', number: ctx.world.contracts['CTR-1']!.number },
        offerId: String(ctx.world.offers['OFF-1']!.id),
        commodity: 'electricity',
        status: 'Attiva',
        address: { address: 'Via Garibaldi 1', postalCode: '00153', locality: 'Roma', province: 'RM' },
        // Lists never carry technical data.
        technicalData: null,
      });
      // The session was read (and cached) by the first call: the reach check's one statement, then
      // the 50 supplies with their contracts and the count in one more (ADR 027). An upper bound.
      expect(queries).toBeLessThanOrEqual(2);
    });

    it('keeps only active supplies with activeOnly, and pages', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const active = await call(ctx.app, 'GET', `${ERP}/supplies?customerKey=CUS-MARIO&activeOnly=true`, {
        sessionId: mario,
      });
      expect(active.json().data.count).toBe(49);
      expect(active.json().data.supplies.map((s: { key: string }) => s.key)).not.toContain('SUP-2');

      const page = await call(
        ctx.app,
        'GET',
        `${ERP}/supplies?customerKey=CUS-MARIO&pagingSkip=2&pagingTake=3`,
        {
          sessionId: mario,
        },
      );
      expect(page.json().data.count).toBe(50);
      expect(page.json().data.supplies).toHaveLength(3);

      const pastEnd = await call(ctx.app, 'GET', `${ERP}/supplies?customerKey=CUS-MARIO&pagingSkip=500`, {
        sessionId: mario,
      });
      expect(pastEnd.json().data).toEqual({ count: 50, supplies: [] });
    });

    it('serves a delegate the delegator’s supplies', async () => {
      const luca = await loginAs(ctx.app, 'luca');
      const res = await call(ctx.app, 'GET', `${ERP}/supplies?customerKey=CUS-ANNA`, { sessionId: luca });
      expect(res.json().data.supplies.map((s: { key: string }) => s.key)).toEqual(['SUP-3']);
    });

    it('refuses another customer’s list (403) and an unknown customer (404)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      for (const key of ['CUS-OTHER', 'CUS-ANNA', 'CUS-MES']) {
        const res = await call(ctx.app, 'GET', `${ERP}/supplies?customerKey=${key}`, { sessionId: mario });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Non hai accesso a questi dati.');
      }
      const unknown = await call(ctx.app, 'GET', `${ERP}/supplies?customerKey=CUS-NOBODY`, {
        sessionId: mario,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('one supply', () => {
    it('reads by id, key and ERP key; technical data only when asked', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const id = ctx.world.supplies['SUP-1']!.id;
      for (const url of [
        `${ERP}/supplies/${id}`,
        `${ERP}/supplies/SUP-1`,
        `${ERP}/supplies/EXT-SUP-1?useExtKey=true`,
      ]) {
        const res = await call(ctx.app, 'GET', url, { sessionId: mario });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ id: String(id), key: 'SUP-1', technicalData: null });
      }
      const technical = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-1?includeTechnicalData=true`, {
        sessionId: mario,
      });
      expect(technical.json().data.technicalData).toEqual({ power: 3, voltage: '230V' });
      // Without useExtKey an ERP key is not a key.
      const asKey = await call(ctx.app, 'GET', `${ERP}/supplies/EXT-SUP-1`, { sessionId: mario });
      expect(asKey.statusCode).toBe(404);
    });

    it('refuses franco’s and anna’s supplies (403) and unknown ones (404)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      for (const url of [
        `${ERP}/supplies/SUP-4`,
        `${ERP}/supplies/${ctx.world.supplies['SUP-4']!.id}`,
        `${ERP}/supplies/EXT-SUP-4?useExtKey=true`,
        `${ERP}/supplies/SUP-3`,
      ]) {
        const res = await call(ctx.app, 'GET', url, { sessionId: mario });
        expect(res.statusCode, url).toBe(403);
      }
      const unknown = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-999`, { sessionId: mario });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('nickname', () => {
    it('sets a trimmed nickname and clears it with an empty one', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const set = await call(ctx.app, 'PUT', `${ERP}/supplies`, {
        sessionId: mario,
        body: { id: 'SUP-1', nickname: '  Casa al mare  ' },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().data).toMatchObject({ key: 'SUP-1', nickname: 'Casa al mare' });
      const read = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-1`, { sessionId: mario });
      expect(read.json().data.nickname).toBe('Casa al mare');

      const cleared = await call(ctx.app, 'PUT', `${ERP}/supplies`, {
        sessionId: mario,
        body: { id: String(ctx.world.supplies['SUP-1']!.id), nickname: '   ' },
      });
      expect(cleared.json().data.nickname).toBeNull();
      const nulled = await call(ctx.app, 'PUT', `${ERP}/supplies`, {
        sessionId: mario,
        body: { id: 'SUP-1', nickname: null },
      });
      expect(nulled.json().data.nickname).toBeNull();
    });

    it('refuses a nickname over 30 characters with the field and an Italian message', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'PUT', `${ERP}/supplies`, {
        sessionId: mario,
        body: { id: 'SUP-1', nickname: 'x'.repeat(31) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          code: 'nickname_too_long',
          field: 'nickname',
          message: 'Il nome della fornitura può contenere al massimo 30 caratteri',
        },
      ]);
      // 30 characters after trimming are fine.
      const ok = await call(ctx.app, 'PUT', `${ERP}/supplies`, {
        sessionId: mario,
        body: { id: 'SUP-1', nickname: ` ${'y'.repeat(30)} ` },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses to rename franco’s supply (403) and an unknown one (404)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'PUT', `${ERP}/supplies`, {
        sessionId: mario,
        body: { id: 'SUP-4', nickname: 'mia' },
      });
      expect(res.statusCode).toBe(403);
      const franco = await loginAs(ctx.app, 'franco');
      const own = await call(ctx.app, 'GET', `${ERP}/supplies/SUP-4`, { sessionId: franco });
      expect(own.json().data.nickname).toBeNull();
      const unknown = await call(ctx.app, 'PUT', `${ERP}/supplies`, {
        sessionId: mario,
        body: { id: 'SUP-999', nickname: 'x' },
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('offers', () => {
    it('reads an offer of a reachable supply by id, key or ERP key', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const offer = ctx.world.offers['OFF-1']!;
      for (const url of [
        `${ERP}/offers/${offer.id}`,
        `${ERP}/offers/OFF-1`,
        `${ERP}/offers/EXT-OFF-1?useExtKey=1`,
      ]) {
        const res = await call(ctx.app, 'GET', url, { sessionId: mario });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({
          id: String(offer.id),
          key: 'OFF-1',
          extKey: 'EXT-OFF-1',
          name: 'Offerta 1',
          commodity: 'electricity',
          priceType: 'Orario',
          hourly: true,
          description: null,
          prices: [{ label: 'Energia (spread sul PUN)', milliEuro: 12, unit: 'kWh', hourly: true }],
          conditions: ['Prezzo orario', 'Recesso gratuito'],
        });
      }
    });

    it('serves the offer sheet as a PDF naming the offer, its hourly price and conditions', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'GET', `${ERP}/offers/EXT-OFF-1/document?useExtKey=true`, {
        sessionId: mario,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        fileName: 'Offerta 1.pdf',
        contentType: 'application/pdf',
      });
      const bytes = Buffer.from(res.json().data.data, 'base64');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      // Read as a reader sees it: the sheet's fonts are embedded subsets, not literal strings.
      const text = await pdfText(bytes);
      for (const expected of [
        'Offerta 1',
        'segue il PUN ora per ora',
        'PUN + 0,012 €/kWh',
        'Recesso gratuito',
      ]) {
        expect(text).toContain(expected);
      }
      const refused = await call(ctx.app, 'GET', `${ERP}/offers/OFF-2/document`, { sessionId: mario });
      expect(refused.statusCode).toBe(403);
    });

    it('refuses offers no reachable supply uses (403) and unknown ones (404)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      for (const url of [
        `${ERP}/offers/OFF-2`,
        `${ERP}/offers/OFF-3`,
        `${ERP}/offers/OFF-9`,
        `${ERP}/offers/EXT-OFF-2?useExtKey=true`,
      ]) {
        const res = await call(ctx.app, 'GET', url, { sessionId: mario });
        expect(res.statusCode, url).toBe(403);
      }
      const unknown = await call(ctx.app, 'GET', `${ERP}/offers/OFF-404`, { sessionId: mario });
      expect(unknown.statusCode).toBe(404);
      // The delegate reaches anna's supply, so anna's offer.
      const luca = await loginAs(ctx.app, 'luca');
      const delegated = await call(ctx.app, 'GET', `${ERP}/offers/OFF-3`, { sessionId: luca });
      expect(delegated.statusCode).toBe(200);
    });
  });

  describe('meter group', () => {
    it('describes the meter group of a supply', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'GET', `${ERP}/metering/describeMeterGroup?supplyKey=SUP-1`, {
        sessionId: mario,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        meterSerial: 'M-0001',
        fullCapacityStartDate: '2024-03-01',
        Misure: {
          Misura: [
            { ChannelTypeCode: 'EA', unit: 'kWh' },
            { ChannelTypeCode: 'ER', unit: 'kvarh' },
          ],
        },
      });
    });

    it('refuses franco’s meter group (403); unknown supply or no meter group (404)', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const other = await call(ctx.app, 'GET', `${ERP}/metering/describeMeterGroup?supplyKey=SUP-4`, {
        sessionId: mario,
      });
      expect(other.statusCode).toBe(403);
      for (const key of ['SUP-999', 'SUP-2']) {
        const res = await call(ctx.app, 'GET', `${ERP}/metering/describeMeterGroup?supplyKey=${key}`, {
          sessionId: mario,
        });
        expect(res.statusCode).toBe(404);
      }
    });
  });
});
