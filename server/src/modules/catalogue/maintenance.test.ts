// Maintenance contracts: the customer's contracts with next visit, visits and documents, and a
// document as a PDF for the customer and a delegate; every refusal.
import { describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { ERP } from './catalogue-calls.js';

describe.each(databaseKinds)('maintenance on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

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
          fileName: 'Rapporto di controllo 2024.pdf',
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
});
