// "I tuoi dati" (ADR 039): asking for an archive, the job that builds it, the ZIP's
// files against what the API answers, one in preparation at a time, a few a day, another user's
// archive refused, an expired one refused with its Italian message and swept.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { MESSAGES } from '@sportello/contract';
import { formatDate } from '@sportello/domain';
import { companies, dataArchives, documents, invoices, jobs } from '@sportello/db/schema';
import { call, testConfig } from '../../../test/app.js';
import { loginSteppedUp } from '../../../test/step-up.js';
import { databaseKinds } from '../../../test/databases.js';
import { FIXTURE_ARCHIVE_KEYS } from '../../../test/fixture.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';
import { createJobsRuntime } from '../../jobs/runtime.js';
import { createServices } from '../../wiring.js';
import { modules } from '../index.js';
import { moduleJobHandlers } from '../module.js';
import { FIELD_LABELS } from './csv-columns.js';
import { NEVER_IN_AN_ARCHIVE } from './privacy-information.js';
import { PRIVACY_INFORMATION_FILE } from './service.js';
import { SECTIONS } from './sections.js';

const ARCHIVES = 'portalapi/Core/v1/user/archives';
const download = (key: string) => `${ARCHIVES}/${key}/download`;

describe.each(databaseKinds)('data archives on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);

  function runtime() {
    const services = createServices(ctx.db, testConfig());
    const jobsRuntime = createJobsRuntime(ctx.db, testConfig(), {
      handlers: moduleJobHandlers(modules, ctx.app, (m) => services.serviceOf(m)),
      forgetDevice: async () => undefined,
    });
    return { services, worker: jobsRuntime.worker };
  }

  it('builds the archive in the background: JSON and CSV per section, the bills’ PDFs, a README', async () => {
    const mario = await loginSteppedUp(ctx, 'mario');
    const asked = await call(ctx.app, 'POST', ARCHIVES, { sessionId: mario, body: {} });
    expect(asked.statusCode, asked.body).toBe(200);
    const { key, status } = asked.json().data as { key: string; status: string };
    expect(status).toBe('preparing');

    // One at a time: a second request, and a download before it is ready, are refused in Italian.
    const again = await call(ctx.app, 'POST', ARCHIVES, { sessionId: mario, body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.archive_preparing);
    const early = await call(ctx.app, 'POST', download(key), { sessionId: mario, body: {} });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MESSAGES.archive_not_ready);

    await runtime().worker.runOnce();
    const listed = (await call(ctx.app, 'GET', ARCHIVES, { sessionId: mario })).json().data as {
      key: string;
      status: string;
      expiresAt: string;
      readyAt: string;
      sizeBytes: number;
    }[];
    const ready = listed.find((a) => a.key === key)!;
    expect(ready.status).toBe('ready');
    expect(Date.parse(ready.expiresAt) - Date.parse(ready.readyAt)).toBe(7 * 86_400_000);
    // Announced by e-mail, once, with a link to the page and none to the file.
    const mails = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `mail:archive:${key}`));
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0]!.payload)).toContain('/profile/i-tuoi-dati');

    const res = await call(ctx.app, 'POST', download(key), { sessionId: mario, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data as { fileName: string; contentType: string; data: string };
    expect(file.contentType).toBe('application/zip');
    const zip = Buffer.from(file.data, 'base64');
    expect(zip.length).toBe(ready.sizeBytes);
    const entries = unzipSync(zip);
    for (const section of SECTIONS) {
      expect(entries[`${section.name}.json`], section.name).toBeDefined();
      expect(entries[`${section.name}.csv`], section.name).toBeDefined();
    }
    const readme = strFromU8(entries['LEGGIMI.txt']!);
    expect(readme).toContain('GDPR');
    // The holder by name and client code, as the customer knows it, not by the database's id.
    expect(readme).toContain(`(${ctx.fixture.mario.name}, codice cliente ${ctx.fixture.mario.customerCode})`);

    // A figure against the API: the bills in the archive are the bills the portal lists.
    const bills = JSON.parse(strFromU8(entries['bollette.json']!)) as { key: string; number: string }[];
    const api = await call(
      ctx.app,
      'GET',
      `portalapi/Erp/v1/invoices?customerId=${ctx.fixture.mario.key}&pagingTake=1000`,
      {
        sessionId: mario,
      },
    );
    const apiBills = api.json().data as { count: number; invoices: { key: string }[] };
    expect(bills.length).toBe(apiBills.count);
    expect(bills.map((b) => b.key).sort()).toEqual(apiBills.invoices.map((b) => b.key).sort());
    const pdfs = Object.keys(entries).filter((name) => name.startsWith('bollette/'));
    for (const name of pdfs) expect(strFromU8(entries[name]!.subarray(0, 5))).toBe('%PDF-');
    // The CSV has a header and one line per bill, read as an Italian spreadsheet reads it.
    const csv = strFromU8(entries['bollette.csv']!).trim().split('\r\n');
    expect(csv).toHaveLength(bills.length + 1);
    const header = csv[0]!.replace('\uFEFF', '').split(';');
    const first = Object.fromEntries(header.map((label, i) => [label, csv[1]!.split(';')[i]]));
    const bill = bills[0] as unknown as { issueDate: string; toPay: { yoursCents: number } };
    expect(first['Emessa il']).toBe(formatDate(bill.issueDate));
    expect(first['Da pagare – A tuo carico (€)']).toBe(
      (bill.toPay.yoursCents / 100).toFixed(2).replace('.', ','),
    );
    // Every column of every section is headed in Italian: no API field name reaches the customer.
    const labels = new Set(Object.values(FIELD_LABELS));
    for (const section of SECTIONS) {
      const [head] = strFromU8(entries[`${section.name}.csv`]!).replace('\uFEFF', '').split('\r\n');
      for (const column of head!.split(';').filter(Boolean))
        for (const part of column.split(' – ')) expect(labels, `${section.name}: ${column}`).toContain(part);
    }
  });

  it('refuses another user’s archive, and a delegate’s, with nothing changed', async () => {
    for (const username of ['franco', 'luca']) {
      const session = await loginSteppedUp(ctx, username);
      const res = await call(ctx.app, 'POST', download(FIXTURE_ARCHIVE_KEYS.mario), {
        sessionId: session,
        body: {},
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('UEsF');
    }
    const [row] = await ctx.db
      .select()
      .from(dataArchives)
      .where(eq(dataArchives.key, FIXTURE_ARCHIVE_KEYS.mario));
    expect(row!.status).toBe('ready');
  });

  it('refuses an archive past its 7 days with a clear message, and the sweep deletes it', async () => {
    const mario = await loginSteppedUp(ctx, 'mario');
    const key = FIXTURE_ARCHIVE_KEYS.mario;
    const past = new Date(Date.now() - 1000);
    await ctx.db.update(dataArchives).set({ expiresAt: past }).where(eq(dataArchives.key, key));
    const res = await call(ctx.app, 'POST', download(key), { sessionId: mario, body: {} });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(MESSAGES.archive_expired);
    const listed = (await call(ctx.app, 'GET', ARCHIVES, { sessionId: mario })).json().data as {
      key: string;
      status: string;
    }[];
    expect(listed.find((a) => a.key === key)!.status).toBe('expired');

    expect(await runtime().services.archives.expire(new Date())).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(dataArchives).where(eq(dataArchives.key, key));
    expect(row).toMatchObject({ status: 'expired', contentBase64: null });
    expect((await call(ctx.app, 'POST', download(key), { sessionId: mario, body: {} })).statusCode).toBe(410);
  });

  it('allows a few requests a day', async () => {
    const mario = await loginSteppedUp(ctx, 'mario');
    const { worker } = runtime();
    // The fixture's archive and the first test's count: one more today, then no more.
    const third = await call(ctx.app, 'POST', ARCHIVES, { sessionId: mario, body: {} });
    expect(third.statusCode, third.body).toBe(200);
    await worker.runOnce();
    const fourth = await call(ctx.app, 'POST', ARCHIVES, { sessionId: mario, body: {} });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(MESSAGES.archive_too_many);
  });

  it('prepares the archive of a user without a customer of their own: the user’s data alone', async () => {
    const luca = await loginSteppedUp(ctx, 'luca');
    const asked = await call(ctx.app, 'POST', ARCHIVES, { sessionId: luca, body: {} });
    expect(asked.statusCode, asked.body).toBe(200);
    await runtime().worker.runOnce();
    const res = await call(ctx.app, 'POST', download(asked.json().data.key), { sessionId: luca, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const entries = unzipSync(Buffer.from(res.json().data.data, 'base64'));
    const profile = JSON.parse(strFromU8(entries['profilo.json']!)) as {
      utente: { username: string };
      cliente: unknown;
    }[];
    expect(profile).toEqual([expect.objectContaining({ cliente: null })]);
    expect(JSON.parse(strFromU8(entries['bollette.json']!))).toEqual([]);
  });

  it('carries the art. 15 information and names what it does not hold, a missing bill PDF with its reason', async () => {
    // One bill whose document is still printing, one the ERP sent without a document.
    const bills = await ctx.db
      .select({ id: invoices.id, number: invoices.number, documentId: invoices.documentId })
      .from(invoices)
      .where(eq(invoices.customerId, ctx.fixture.mario.id));
    const [printing, unsent] = bills;
    expect(unsent, 'the fixture gives mario two bills').toBeDefined();
    const [printingDocument] = await ctx.db
      .insert(documents)
      .values({
        key: 'DOC-ARCHIVE-PRINTING',
        customerId: ctx.fixture.mario.id,
        documentType: 'invoice',
        contentType: 'application/pdf',
        status: 'printing',
        title: `Bolletta ${printing!.number}`,
      })
      .returning();
    await ctx.db
      .update(invoices)
      .set({ documentId: printingDocument!.id })
      .where(eq(invoices.id, printing!.id));
    await ctx.db.update(invoices).set({ documentId: null }).where(eq(invoices.id, unsent!.id));
    try {
      const mario = await loginSteppedUp(ctx, 'mario');
      // The earlier tests used today's requests: theirs are moved a day back.
      const [fixtureArchive] = await ctx.db
        .select({ userId: dataArchives.userId })
        .from(dataArchives)
        .where(eq(dataArchives.key, FIXTURE_ARCHIVE_KEYS.mario));
      await ctx.db
        .update(dataArchives)
        .set({ requestedAt: new Date(Date.now() - 2 * 86_400_000) })
        .where(eq(dataArchives.userId, fixtureArchive!.userId));
      const asked = await call(ctx.app, 'POST', ARCHIVES, { sessionId: mario, body: {} });
      expect(asked.statusCode, asked.body).toBe(200);
      await runtime().worker.runOnce();
      const res = await call(ctx.app, 'POST', download(asked.json().data.key), {
        sessionId: mario,
        body: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      const entries = unzipSync(Buffer.from(res.json().data.data, 'base64'));
      const readme = strFromU8(entries['LEGGIMI.txt']!);
      expect(readme).toContain('COSA NON CONTIENE QUESTO ARCHIVIO, E PERCHÉ');
      for (const never of NEVER_IN_AN_ARCHIVE) expect(readme).toContain(never.what);
      expect(readme).toContain(`Il PDF della bolletta ${printing!.number}: il documento è ancora in stampa`);
      expect(readme).toContain(
        `Il PDF della bolletta ${unsent!.number}: il sistema di fatturazione non ci ha ancora inviato`,
      );
      const pdfs = Object.keys(entries).filter((name) => name.startsWith('bollette/'));
      expect(pdfs.some((name) => name.includes(printing!.number.replace(/[^\w.-]+/g, '_')))).toBe(false);

      const [brand] = await ctx.db.select().from(companies).where(eq(companies.code, 'sga'));
      const info = strFromU8(entries[PRIVACY_INFORMATION_FILE]!);
      expect(info).toContain(`Titolare del trattamento: ${brand!.legalName}`);
      for (const heading of ['BASE GIURIDICA', 'A CHI LI COMUNICHIAMO', 'DA DOVE ARRIVANO', 'I TUOI DIRITTI'])
        expect(info.toUpperCase()).toContain(heading);
      expect(info).toContain('Conservazione: ');
      expect(info).toContain('Meta Platforms Ireland Limited');
      expect(info).toContain('Garante per la protezione dei dati personali');
    } finally {
      for (const bill of [printing!, unsent!])
        await ctx.db.update(invoices).set({ documentId: bill.documentId }).where(eq(invoices.id, bill.id));
    }
  });
});
