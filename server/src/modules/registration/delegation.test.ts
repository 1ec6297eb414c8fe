// Delegation (SPEC §6): a delegate registers and asks, the delegator confirms or refuses through the
// task and its mailed link, a confirmation reaches every client code under the same tax code.
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { delegationRequests, integrationEvents, workflowTasks } from '@sportello/db/schema';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { loginSteppedUp, stepUp } from '../../../test/step-up.js';
import { databaseKinds } from '../../../test/databases.js';
import {
  ADDRESS,
  ANNA,
  CORE,
  NEW_PASSWORD,
  newUser,
  useRegistrationWorld,
  WFM,
} from '../../../test/registration-world.js';

describe.each(databaseKinds)('delegation on %s', (kind) => {
  const { ctx, post, login, mailsTo, tokenIn } = useRegistrationWorld(kind);

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
      await stepUp(ctx, session, 'carlaneri');
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
      // The supplier's systems hear of the decision, on the delegator's account (ADR 036's outbox).
      const [event] = await ctx.db
        .select()
        .from(integrationEvents)
        .where(eq(integrationEvents.entityKey, workflowId));
      expect(event).toMatchObject({
        kind: 'delegation.decided',
        customerId: request!.customerId,
        payload: { workflowId, delegate: 'carlaneri', outcome: 'granted' },
      });
      const granted = await post(`${WFM}/delegation-request/start`, ANNA, { sessionId: session });
      expect(granted.json().data).toEqual({ status: 'granted' });
    });

    it('gives nothing when the delegator refuses', async () => {
      expect((await post(`${CORE}/users`, delegate('carlarossi'))).json().data.delegation).toBeNull();
      const session = (await login('carlarossi', NEW_PASSWORD)).json().data.id;
      await stepUp(ctx, session, 'carlarossi');
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
      const session = await loginSteppedUp(ctx, 'lead');
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
});
