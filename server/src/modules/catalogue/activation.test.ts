// Activating a catalogue service: a request shown "in attivazione", once per supply or per customer
// for the voucher, one request on a double submit, and every refusal.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requests } from '@sportello/db/schema';
import { loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { catalogueCalls } from './catalogue-calls.js';

describe.each(databaseKinds)('activation on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const { services, stateOf, activate } = catalogueCalls(ctx);

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
});
