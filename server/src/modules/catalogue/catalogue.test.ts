// The catalogue: the brand's services in order with each one's state per supply in force, and the
// brand's offers without a session.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requests } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { catalogueCalls, ERP } from './catalogue-calls.js';

describe.each(databaseKinds)('catalogue on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const { services, stateOf } = catalogueCalls(ctx);

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
      // An address that is not on file: after a step-up.
      const mario = await loginSteppedUp(ctx, 'mario');
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
});
