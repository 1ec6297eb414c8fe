// The delegations a customer has given (ADR 047): the holder lists and revokes them and lets a delegate
// change the direct debit; a delegate moves no money without that; the care console revokes one on the
// customer's request. A revocation ends the delegate's reach at once and is told to both.
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@sportello/contract';
import { jobs } from '@sportello/db/schema';
import { call, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { BIC, IBAN, useSupplyTestApp } from '../../../test/supply-fixture.js';

const ERP = 'portalapi/Erp/v1';
const REASON = 'Il cliente ha chiamato dal numero registrato';
const activate = {
  contractKey: 'CTR-1',
  operation: 'activate',
  iban: IBAN,
  bic: BIC,
  holderName: 'Luca Bianchi',
  holderFiscalCode: 'RSSMRA80A01H501U',
};

describe.each(databaseKinds)('delegations given on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  const noticesTo = async (to: string) =>
    (await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'notice:delegation-revoked:%')))
      .map((j) => j.payload as { to: string; subject: string; text: string })
      .filter((m) => m.to === to);

  it('lists them for the holder only', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const list = await call(ctx.app, 'GET', `${ERP}/customers/CUS-MARIO/delegations`, { sessionId: mario });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ username: 'luca', mayChangeBanking: false }),
    ]);
    // Luca reaches CUS-MARIO by the delegation, but may not manage it; Franco does not reach it at all.
    const luca = await loginAs(ctx.app, 'luca');
    const asDelegate = await call(ctx.app, 'GET', `${ERP}/customers/CUS-MARIO/delegations`, {
      sessionId: luca,
    });
    expect(asDelegate.statusCode).toBe(403);
    expect(asDelegate.json().message).toBe(MESSAGES.delegation_holder_only);
    const franco = await loginAs(ctx.app, 'franco');
    expect(
      (await call(ctx.app, 'GET', `${ERP}/customers/CUS-MARIO/delegations`, { sessionId: franco }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a delegate the direct debit until the holder allows it, after a step-up', async () => {
    const luca = await loginSteppedUp(ctx, 'luca');
    const refused = await call(ctx.app, 'POST', `${ERP}/requests/bankAccountChange`, {
      sessionId: luca,
      body: activate,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.delegate_banking_refused);

    const allow = { mayChangeBanking: true };
    const notSteppedUp = await loginAs(ctx.app, 'mario');
    const withoutStepUp = await call(ctx.app, 'PUT', `${ERP}/customers/CUS-MARIO/delegations/luca`, {
      sessionId: notSteppedUp,
      body: allow,
    });
    expect(withoutStepUp.statusCode).toBe(403);
    expect(withoutStepUp.json().errors[0].code).toBe('step_up_required');
    const byDelegate = await call(ctx.app, 'PUT', `${ERP}/customers/CUS-MARIO/delegations/luca`, {
      sessionId: luca,
      body: allow,
    });
    expect(byDelegate.statusCode).toBe(403);

    const mario = await loginSteppedUp(ctx, 'mario');
    const allowed = await call(ctx.app, 'PUT', `${ERP}/customers/CUS-MARIO/delegations/luca`, {
      sessionId: mario,
      body: allow,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toMatchObject({ username: 'luca', mayChangeBanking: true });
    const done = await call(ctx.app, 'POST', `${ERP}/requests/bankAccountChange`, {
      sessionId: luca,
      body: activate,
    });
    expect(done.statusCode, done.body).toBe(200);
    // Taking it back needs no step-up.
    const back = await call(ctx.app, 'PUT', `${ERP}/customers/CUS-MARIO/delegations/luca`, {
      sessionId: notSteppedUp,
      body: { mayChangeBanking: false },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.mayChangeBanking).toBe(false);
  });

  it('is revoked by the holder: the delegate reaches nothing of it at once, and both are told', async () => {
    const luca = await loginAs(ctx.app, 'luca');
    expect((await call(ctx.app, 'GET', `${ERP}/customers/CUS-MARIO`, { sessionId: luca })).statusCode).toBe(
      200,
    );
    // A delegate cannot revoke another holder's delegation in the holder's stead.
    const byDelegate = await call(ctx.app, 'DELETE', `${ERP}/customers/CUS-MARIO/delegations/luca`, {
      sessionId: luca,
    });
    expect(byDelegate.statusCode).toBe(403);

    const mario = await loginAs(ctx.app, 'mario');
    const revoked = await call(ctx.app, 'DELETE', `${ERP}/customers/CUS-MARIO/delegations/luca`, {
      sessionId: mario,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await call(ctx.app, 'GET', `${ERP}/customers/CUS-MARIO`, { sessionId: luca })).statusCode).toBe(
      403,
    );
    // Anna's delegation to Luca is Anna's: it stays.
    expect((await call(ctx.app, 'GET', `${ERP}/customers/CUS-ANNA`, { sessionId: luca })).statusCode).toBe(
      200,
    );

    const [holder] = await noticesTo('cus-mario@example.it');
    expect(holder).toMatchObject({ subject: 'Delega revocata' });
    expect(holder!.text).toContain('non può più gestire le tue forniture');
    const [delegate] = await noticesTo('luca@example.it');
    expect(delegate!.text).toContain('Mario Rossi');

    const again = await call(ctx.app, 'DELETE', `${ERP}/customers/CUS-MARIO/delegations/luca`, {
      sessionId: mario,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.delegation_not_found);
    expect(
      (await call(ctx.app, 'GET', `${ERP}/customers/CUS-MARIO/delegations`, { sessionId: mario })).json()
        .data,
    ).toEqual([]);
  });

  it('is revoked by a supervisor of the care console on the customer’s request, once', async () => {
    const luca = await loginAs(ctx.app, 'luca');
    expect((await call(ctx.app, 'GET', `${ERP}/customers/CUS-ANNA`, { sessionId: luca })).statusCode).toBe(
      200,
    );
    const url = `staff/v1/customers/${ctx.fixture.anna.id}/account/delegation/revoke`;
    const operator = await staffSession(ctx.app, ctx.db, 'operator', ['sga']);
    const notAllowed = await staffCall(ctx.app, 'POST', url, {
      staffSessionId: operator.sessionId,
      body: { delegate: 'luca', reason: REASON },
    });
    expect(notAllowed.statusCode).toBe(403);

    const { sessionId } = await staffSession(ctx.app, ctx.db, 'supervisor', ['sga']);
    const res = await staffCall(ctx.app, 'POST', url, {
      staffSessionId: sessionId,
      body: { delegate: 'luca', reason: REASON },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(ctx.app, 'GET', `${ERP}/customers/CUS-ANNA`, { sessionId: luca })).statusCode).toBe(
      403,
    );
    const [told] = await noticesTo('cus-anna@example.it');
    expect(told!.text).toContain('dal servizio clienti');
    const again = await staffCall(ctx.app, 'POST', url, {
      staffSessionId: sessionId,
      body: { delegate: 'luca', reason: REASON },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.staff_delegation_not_active);
    // Luca heard of both revocations.
    expect(await noticesTo('luca@example.it')).toHaveLength(2);
  });
});
