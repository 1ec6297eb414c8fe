// The accessibility feedback (ADR 032): logged in on a customer it is also a practice; logged out it
// is found again by reference and e-mail; either way it carries its 30-day answer date, bad input gets
// its Italian message and nothing stored, and too many reports are refused.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessibilityFeedback, rateLimits, requests } from '@sportello/db/schema';
import { accessibilityFeedbackDueOn, todayInRome } from '@sportello/domain';
import { call, guestSession, loginAs } from '../../../test/app.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';

const PATH = 'portalapi/Core/v1/accessibility/feedback';

const report = {
  name: ' Giulia Verdi ',
  email: 'Giulia.Verdi@Example.it',
  page: '/invoices',
  description: 'Il lettore di schermo non legge il totale della bolletta.',
  company: 'sga',
};

describe.each(databaseKinds)('accessibility feedback on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  /** Logged out (the guest form) unless a user's session is given (the logged-in form). */
  const send = async (body: object, ip: string, sessionId?: string) =>
    sessionId
      ? call(ctx.app, 'POST', PATH, { sessionId, body, ip })
      : call(ctx.app, 'POST', `${PATH}/guest`, { sessionId: await guestSession(ctx.app), body, ip });
  const lookup = async (body: object, ip: string) =>
    call(ctx.app, 'POST', `${PATH}/lookup`, { sessionId: await guestSession(ctx.app), body, ip });

  it('logged out: a reference and the answer date 30 days on, found again by reference and e-mail only', async () => {
    const before = await ctx.db.$count(requests);
    const res = await send(report, '10.11.0.1');
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data;
    const today = todayInRome(new Date());
    expect(sent).toMatchObject({
      receivedOn: today,
      dueOn: accessibilityFeedbackDueOn(today),
      status: 'open',
      daysLeft: 30,
      answer: null,
      requestKey: null,
    });
    expect(sent.reference).toMatch(/^ACC-[0-9A-F]{12}$/);
    const [row] = await ctx.db
      .select()
      .from(accessibilityFeedback)
      .where(eq(accessibilityFeedback.reference, sent.reference));
    expect(row).toMatchObject({ name: 'Giulia Verdi', email: 'giulia.verdi@example.it', customerId: null });
    expect(await ctx.db.$count(requests)).toBe(before);

    const found = await lookup(
      { reference: sent.reference.toLowerCase(), email: 'GIULIA.verdi@example.it' },
      '10.11.0.2',
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual(sent);
    const otherEmail = await lookup({ reference: sent.reference, email: 'altro@example.it' }, '10.11.0.2');
    expect(otherEmail.statusCode).toBe(422);
    expect(otherEmail.json().message).toBe(
      'Nessuna segnalazione con questo numero di riferimento ed e-mail.',
    );
  });

  it('needs no consent tick: answering a report is a legal duty, not a consent (GDPR art. 6(1)(c))', async () => {
    const res = await send(report, '10.11.0.9');
    expect(res.statusCode, res.body).toBe(200);
    // An older client that still sends the tick, ticked or not, is served alike.
    expect((await send({ ...report, privacy: false }, '10.11.0.10')).statusCode).toBe(200);
  });

  it('logged in on a customer: also a practice of that customer, with the answer date in its words', async () => {
    const mario = await loginAs(ctx.app, 'mario');
    const res = await send({ ...report, customerKey: 'CUS-MARIO' }, '10.11.1.1', mario);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data;
    expect(sent.requestKey).toEqual(expect.any(String));
    const [practice] = await ctx.db.select().from(requests).where(eq(requests.key, sent.requestKey));
    const [y, m, d] = (sent.dueOn as string).split('-');
    expect(practice).toMatchObject({
      customerId: ctx.fixture.mario.id,
      requestType: 'SegnalazioneAccessibilita',
      status: 'Aperto',
      description: `Segnalazione di accessibilità: risposta entro il ${d}/${m}/${y}`,
    });
  });

  it('refuses another customer’s key (403) and a guest on the logged-in form (401), storing nothing', async () => {
    const before = await ctx.db.$count(accessibilityFeedback);
    const mario = await loginAs(ctx.app, 'mario');
    expect((await send({ ...report, customerKey: 'CUS-OTHER' }, '10.11.2.1', mario)).statusCode).toBe(403);
    const guest = await guestSession(ctx.app);
    const asGuest = { sessionId: guest, body: { ...report, customerKey: 'CUS-MARIO' }, ip: '10.11.2.2' };
    expect((await call(ctx.app, 'POST', PATH, asGuest)).statusCode).toBe(401);
    expect(await ctx.db.$count(accessibilityFeedback)).toBe(before);
  });

  it('answers bad input field by field in Italian, storing nothing; needs a session (401)', async () => {
    const before = await ctx.db.$count(accessibilityFeedback);
    const blank = await send({ ...report, name: ' ', email: '', description: '  ' }, '10.11.3.1');
    expect(blank.statusCode).toBe(400);
    const byField = Object.fromEntries(
      (blank.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(byField).toEqual({
      name: 'Scrivi il tuo nome e cognome',
      email: 'Inserire email valida',
      description: 'Scrivi il testo del messaggio',
    });
    const long = await send({ ...report, description: 'a'.repeat(2001), page: 'p'.repeat(201) }, '10.11.3.2');
    expect(long.statusCode).toBe(400);
    expect(
      long
        .json()
        .errors.map((e: { message: string }) => e.message)
        .sort(),
    ).toEqual([
      'La segnalazione può contenere al massimo 2000 caratteri',
      'L’indicazione della pagina può contenere al massimo 200 caratteri',
    ]);
    const pattern = await send({ ...report, email: 'giulia@example' }, '10.11.3.3');
    expect(pattern.statusCode).toBe(400);
    expect(pattern.json().errors).toEqual([
      expect.objectContaining({ field: 'email', message: 'Inserire email valida' }),
    ]);
    expect((await send({ ...report, company: 'ast' }, '10.11.3.4')).statusCode).toBe(400);
    const none = await call(ctx.app, 'POST', `${PATH}/guest`, { body: report });
    expect(none.statusCode).toBe(401);
    expect(await ctx.db.$count(accessibilityFeedback)).toBe(before);
    const noReference = await lookup({ reference: ' ', email: 'giulia.verdi@example.it' }, '10.11.3.5');
    expect(noReference.json().errors[0].message).toBe('Scrivi il numero di riferimento della segnalazione');
  });

  it('limits reports per e-mail and per address (429), and lookups per address', async () => {
    const body = { ...report, email: 'limite.acc@example.it' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(body, `10.11.4.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await ctx.db.$count(accessibilityFeedback, eq(accessibilityFeedback.email, body.email))).toBe(5);

    await ctx.db
      .insert(rateLimits)
      .values({ key: 'accessibility:address:10.11.5.1', windowStart: new Date(), count: 20 });
    const crowded = await send({ ...report, email: 'altra.acc@example.it' }, '10.11.5.1');
    expect(crowded.statusCode).toBe(429);
    expect(crowded.json().message).toBe(
      'Hai già inviato diverse richieste: riprova tra un po’ o chiama il servizio clienti.',
    );

    await ctx.db
      .insert(rateLimits)
      .values({ key: 'accessibility:lookup:10.11.6.1', windowStart: new Date(), count: 30 });
    expect(
      (await lookup({ reference: 'ACC-000000000000', email: 'a@example.it' }, '10.11.6.1')).statusCode,
    ).toBe(429);
  });
});
