// Messages to a customer: list with unread count, reading one marks it read once, ownership.
import { describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';

describe.each(databaseKinds)('messages on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  it('lists newest first with the unread count, and unread only', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await call(ctx.app, 'GET', `${ERP}/messages?customerKey=CUS-MARIO`, { sessionId: mario });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.messages.map((m: { key: string }) => m.key)).toEqual(['MSG-3', 'MSG-2', 'MSG-1']);
    expect(data).toMatchObject({ count: 3, unread: 2 });
    expect(data.messages[1]).toMatchObject({ readAt: '2025-06-02T08:00:00.000Z', title: 'Messaggio MSG-2' });

    const unread = await call(
      ctx.app,
      'GET',
      `${ERP}/messages?customerKey=CUS-MARIO&unreadOnly=true&pagingTake=1`,
      {
        sessionId: mario,
      },
    );
    expect(unread.json().data).toMatchObject({ count: 2, unread: 2 });
    expect(unread.json().data.messages.map((m: { key: string }) => m.key)).toEqual(['MSG-3']);
  });

  it('marks a message read the first time it is opened and keeps that time', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const first = await call(ctx.app, 'GET', `${ERP}/messages/MSG-1`, { sessionId: mario });
    expect(first.statusCode).toBe(200);
    const readAt = first.json().data.readAt;
    expect(readAt).toEqual(expect.any(String));
    const again = await call(ctx.app, 'GET', `${ERP}/messages/${ctx.world.messages['MSG-1']!.id}`, {
      sessionId: mario,
    });
    expect(again.json().data.readAt).toBe(readAt);
    const list = await call(ctx.app, 'GET', `${ERP}/messages?customerKey=CUS-MARIO`, { sessionId: mario });
    expect(list.json().data.unread).toBe(1);
  });

  it('refuses franco’s and anna’s messages (403), leaves them unread, and 404s unknown ones', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    for (const url of [
      `${ERP}/messages/MSG-9`,
      `${ERP}/messages/${ctx.world.messages['MSG-9']!.id}`,
      `${ERP}/messages/MSG-A`,
      `${ERP}/messages?customerKey=CUS-OTHER`,
    ]) {
      const res = await call(ctx.app, 'GET', url, { sessionId: mario });
      expect(res.statusCode, url).toBe(403);
    }
    const franco = await loginAs(ctx.app, 'franco');
    const list = await call(ctx.app, 'GET', `${ERP}/messages?customerKey=CUS-OTHER`, { sessionId: franco });
    expect(list.json().data.unread).toBe(1);
    for (const url of [`${ERP}/messages/MSG-404`, `${ERP}/messages?customerKey=CUS-NOBODY`]) {
      const res = await call(ctx.app, 'GET', url, { sessionId: mario });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
