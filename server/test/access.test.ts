// Who may call what, beyond what contract-access.test.ts generates for every call: what the lists hold,
// pending and cross-brand delegations, and the guest's links (SPEC §6, ARCHITECTURE §5).
import { describe, expect, it } from 'vitest';
import { call, guestSession, loginAs, useTestApp } from './app.js';
import { databaseKinds } from './databases.js';

describe.each(databaseKinds)('access rules on %s', (kind) => {
  const ctx = useTestApp(kind);

  describe('sessions', () => {
    it('an id that is not a session id is no session', async () => {
      const res = await call(ctx.app, 'GET', 'portalapi/Core/v1/modules', { sessionId: 'x'.repeat(22) });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('ownership', () => {
    it('lists only the customers the user reaches, own first, delegated marked', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const res = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: mario });
      expect(res.json().data.customers.map((c: { key: string }) => c.key)).toEqual(['CUS-MARIO']);

      const luca = await loginAs(ctx.app, 'luca');
      const delegate = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers', { sessionId: luca });
      const customers = delegate.json().data.customers as { key: string; delegated: boolean }[];
      // Pending delegations and another brand's customers are not reached.
      expect(customers.map((c) => c.key).sort()).toEqual(['CUS-ANNA', 'CUS-MARIO']);
      expect(customers.every((c) => c.delegated)).toBe(true);
    });

    it('refuses another customer by id and by key with 403', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      for (const id of [String(ctx.fixture.stranger.id), 'CUS-OTHER', String(ctx.fixture.anna.id)]) {
        const res = await call(ctx.app, 'GET', `portalapi/Erp/v1/customers/${id}`, { sessionId: mario });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Non hai accesso a questi dati.');
      }
      const own = await call(ctx.app, 'GET', `portalapi/Erp/v1/customers/CUS-MARIO`, { sessionId: mario });
      expect(own.json().data).toMatchObject({ key: 'CUS-MARIO', customerId: '100001', delegated: false });
    });

    it('refuses a delegate the customer of a pending delegation', async () => {
      const luca = await loginAs(ctx.app, 'luca');
      const res = await call(ctx.app, 'GET', 'portalapi/Erp/v1/customers/CUS-OTHER', { sessionId: luca });
      expect(res.statusCode).toBe(403);
    });

    it('reads only the own user by id', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const other = await call(ctx.app, 'GET', `portalapi/Core/v1/users/${ctx.fixture.francoUser.id}`, {
        sessionId: mario,
      });
      expect(other.statusCode).toBe(403);
      const own = await call(ctx.app, 'GET', `portalapi/Core/v1/users/${ctx.fixture.marioUser.id}`, {
        sessionId: mario,
      });
      expect(own.json().data).toMatchObject({
        username: 'mario',
        contracts: { contract: [{ key: 'CTR-1' }] },
      });
    });

    it('reads a user by contract key only for a reachable contract', async () => {
      const luca = await loginAs(ctx.app, 'luca');
      const reachable = await call(ctx.app, 'GET', 'portalapi/Core/v1/users?contractKey=CTR-1', {
        sessionId: luca,
      });
      expect(reachable.json().data.username).toBe('mario');
      const refused = await call(ctx.app, 'GET', 'portalapi/Core/v1/users?contractKey=CTR-3', {
        sessionId: luca,
      });
      expect(refused.statusCode).toBe(403);
    });

    it('reads and updates only the own notifications', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const list = await call(ctx.app, 'GET', 'portalapi/Core/v1/notifications?activeOnly=true', {
        sessionId: mario,
      });
      expect(list.json().data.notifications.map((n: { title: string }) => n.title)).toEqual(['Bolletta']);
      const foreign = String(ctx.fixture.francoNote.id);
      const read = await call(ctx.app, 'GET', `portalapi/Core/v1/notifications/${foreign}`, {
        sessionId: mario,
      });
      expect(read.statusCode).toBe(404);
      const update = await call(ctx.app, 'PUT', 'portalapi/Core/v1/notifications', {
        sessionId: mario,
        body: { id: foreign, readingDate: new Date().toISOString() },
      });
      expect(update.statusCode).toBe(404);
    });

    it('marks the own notification read and confirmed', async () => {
      const mario = await loginAs(ctx.app, 'mario');
      const id = String(ctx.fixture.marioNote.id);
      const read = await call(ctx.app, 'PUT', 'portalapi/Core/v1/notifications', {
        sessionId: mario,
        body: { id, readingDate: '2026-11-20T10:00:00.000Z' },
      });
      expect(read.json().data).toMatchObject({
        readingDate: '2026-11-20T10:00:00.000Z',
        readTime: expect.any(String),
      });
      const confirmed = await call(ctx.app, 'PUT', 'portalapi/Core/v1/notifications', {
        sessionId: mario,
        body: { id, confirmationDate: '2026-11-20T10:05:00.000Z' },
      });
      expect(confirmed.json().data.acceptedTime).not.toBeNull();
    });
  });

  describe('guests (SPEC §6)', () => {
    it('may follow a link of modules 4 to 9', async () => {
      const guest = await guestSession(ctx.app);
      const res = await call(ctx.app, 'GET', 'portalapi/Core/v1/links/msg-mario', { sessionId: guest });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ module: { id: 4 }, entityKey: 'MSG-1', item: 'message' });
    });

    it('gets 410 with the expired-link message for an expired link', async () => {
      const guest = await guestSession(ctx.app);
      const res = await call(ctx.app, 'GET', 'portalapi/Core/v1/links/expired', { sessionId: guest });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe('Link scaduto, inserire nuovamente i dati');
    });

    it('sees the modules and configuration of its brand only', async () => {
      const sga = await guestSession(ctx.app, 'sga');
      const modules = await call(ctx.app, 'GET', 'portalapi/Core/v1/modules', { sessionId: sga });
      expect(modules.json().data).toEqual([{ key: 'AutoLettura' }, { key: 'fatt' }, { key: 'ser' }]);
      const mes = await guestSession(ctx.app, 'mes');
      const mesModules = await call(ctx.app, 'GET', 'portalapi/Core/v1/modules', { sessionId: mes });
      expect(mesModules.json().data).toEqual([{ key: 'fatt' }]);
      const conf = await call(
        ctx.app,
        'GET',
        'portalapi/Core/v1/confProperties?propertyName=App_min_version',
        {
          sessionId: sga,
        },
      );
      expect(conf.json().data).toEqual([{ name: 'App_min_version', value: '0.6.0' }]);
    });
  });
});
