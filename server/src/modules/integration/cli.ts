// `npm run integration -- client create --name erp --scopes billing:write,crm:write --brands sga,sgr`
// `npm run integration -- client rotate <id> [--overlap-days 7]`, `npm run integration -- client list`:
// the supplier's machine clients (ADR 036) on the configured database (PGlite in DATA_DIR — not while
// a server holds it — or PostgreSQL at DATABASE_URL). A secret is printed once and kept only hashed.
// `npm run integration -- load <kind> <file.ndjson|file.csv> --brand <b> [--batch 5000]`: the initial
// load (ADR 046) of customers, bills or any kind the batch calls take (payments, readings, curves,
// prices, offers, …), a refused line printed with its number and code; run it again after an interruption.
// `npm run integration -- webhook add|list|remove|pause|resume`: the clients' webhooks (ADR 036, 048).
// `npm run integration -- brand create|list`, `… reconcile --brand <b> --from … --to … [--erp list.ndjson]`:
// new brands and the reconciliation with the ERP's books (ADR 057).
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '@sportello/db/open';
import { loadConfig } from '../../config.js';
import { createTokenKeys } from '../../platform/machine/tokens.js';
import { createSettingsRepository } from '../settings/repository.js';
import { ClientInputError, createClients, DEFAULT_OVERLAP_DAYS } from './clients.js';
import { CsvError } from './csv.js';
import { AppError } from '../../http/app-error.js';
import { integration, MESSAGES } from '@sportello/contract';
import * as z from 'zod/mini';
import { createServices } from '../../wiring.js';
import { integrationModule } from './index.js';
import { DEFAULT_BATCH_LINES } from './initial-load.js';
import { LOAD_KINDS, type LoadKind } from './load-parse.js';
import { createIntegrationRepository } from './repository.js';
import type { IntegrationService } from './service.js';
import { WebhookAddressError } from './webhook-address.js';
import { createWebhooks } from './webhooks.js';

const USAGE = `usage:
  npm run integration -- client create --name <name> --scopes <s1,s2> --brands <b1,b2>
  npm run integration -- client rotate <client id> [--overlap-days ${DEFAULT_OVERLAP_DAYS}]
  npm run integration -- client list
  npm run integration -- client disable <client id>
  npm run integration -- webhook add <client id> --brand <brand> --url <https://…>
  npm run integration -- webhook list
  npm run integration -- webhook remove|pause|resume <webhook id>
  npm run integration -- deadletters list
  npm run integration -- deadletters replay <id>… | --all
  npm run integration -- load <kind> <file.ndjson|file.csv> --brand <brand> [--batch ${DEFAULT_BATCH_LINES}]
    kinds: ${LOAD_KINDS.join(', ')}
  npm run integration -- brand create <code> --name "<name>" [--legal-name "<name>"] [--vat <11 digits>]
  npm run integration -- brand list
  npm run integration -- reconcile --brand <brand> --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--erp <list.ndjson>]
    --erp: the ERP's own records of the period, one a line: {"kind":"bill","extKey":"…","version":3,"amountCents":1250}
    (bills and payments over the period, the other kinds whole); prints the records that differ, exit 1 if any.

A load reads NDJSON (one record a line, as the batch calls take: customers and contracts first, then what
names them). Customers and bills may also come as CSV, for a file ending in .csv: its
header names the record's fields, nested ones by their path (contracts.extKey, contracts.supplies.pointCode;
sections.title, sections.lines.amountCents). A record is the consecutive rows with the same extKey, its
own fields read from its first row; rows with the same values of a list's fields (a contract's, a
section's) are one element of it, and each row adds one of the innermost list (a supply, a bill line).
An empty cell is a field not given. Fields are separated by commas, may be quoted ("" for a quote) and
do not span lines. A refused record is named by its first row's line. CSV does not carry a supply's
technicalData or meter (contracts.supplies.technicalData, contracts.supplies.meter.*) nor a bill's
installments (installments.*): a header naming them is refused; load such records as NDJSON. A
contract's direct debit is carried (contracts.directDebit.iban, …).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    scopes: { type: 'string', default: '' },
    brands: { type: 'string', default: '' },
    'overlap-days': { type: 'string', default: String(DEFAULT_OVERLAP_DAYS) },
    brand: { type: 'string', default: '' },
    url: { type: 'string', default: '' },
    all: { type: 'boolean', default: false },
    batch: { type: 'string', default: String(DEFAULT_BATCH_LINES) },
    'legal-name': { type: 'string' },
    vat: { type: 'string' },
    from: { type: 'string', default: '' },
    to: { type: 'string', default: '' },
    erp: { type: 'string' },
  },
});
const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const [noun, verb, id] = positionals;
/** A refused line's fields, as the API's per-line result gives them. */
const detail = (errors?: { field?: string; message: string }[]) =>
  errors?.length
    ? ` (${errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ')})`
    : '';
const VERBS: Record<string, readonly string[]> = {
  client: ['create', 'rotate', 'list', 'disable'],
  webhook: ['add', 'list', 'remove', 'pause', 'resume'],
  deadletters: ['list', 'replay'],
  load: LOAD_KINDS,
  brand: ['create', 'list'],
};
const known = VERBS[noun ?? ''] ?? [];
if (noun !== 'reconcile' && !known.includes(verb ?? '')) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config, (err) => console.error(`database: ${err.message}`));
const settings = createSettingsRepository(database.db);
const repository = createIntegrationRepository(database.db);
const webhooks = createWebhooks(database.db, {
  allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK,
  secretsKeys: config.SECRETS_KEYS,
});
const clients = createClients({
  repository,
  keys: createTokenKeys(database.db, config.SECRETS_KEYS),
  brandExists: (code) => settings.companyExists(code),
});
/** A path as the user typed it, from where they typed it (npm runs the script in server/). */
const typedPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
const integrationService = () =>
  createServices(database.db, config).serviceOf(integrationModule) as IntegrationService;

/**
 * The ERP's list, a kind at a time, sorted by key and compared a page at a time (ADR 057); answers the
 * number of records that differ. The list of one kind is held in memory (100,000 records: a few MB).
 */
async function reconcileWithList(
  service: IntegrationService,
  brand: string,
  period: { from: string; to: string },
  path: string,
) {
  const byKind = new Map<string, { extKey: string; version: number; amountCents: number | null }[]>();
  let lineNumber = 0;
  for await (const text of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    lineNumber += 1;
    if (!text.trim()) continue;
    let record: { kind?: unknown; extKey?: unknown; version?: unknown; amountCents?: unknown };
    try {
      record = JSON.parse(text) as typeof record;
    } catch {
      throw new ClientInputError(`${path} line ${lineNumber}: not JSON`);
    }
    if (!(integration.RECONCILE_KINDS as readonly unknown[]).includes(record.kind))
      throw new ClientInputError(
        `${path} line ${lineNumber}: kind is one of ${integration.RECONCILE_KINDS.join(', ')}`,
      );
    const kind = record.kind as string;
    byKind.set(kind, byKind.get(kind) ?? []);
    byKind.get(kind)!.push({
      extKey: String(record.extKey),
      version: Number(record.version),
      amountCents:
        record.amountCents === undefined || record.amountCents === null ? null : Number(record.amountCents),
    });
  }
  let differing = 0;
  for (const kind of integration.RECONCILE_KINDS) {
    const list = byKind.get(kind);
    if (!list) continue;
    list.sort((a, b) => (a.extKey < b.extKey ? -1 : a.extKey > b.extKey ? 1 : 0));
    for (let start = 0; start === 0 || start < list.length; start += integration.RECONCILE_PAGE_MAX) {
      const records = list.slice(start, start + integration.RECONCILE_PAGE_MAX);
      const last = start + records.length >= list.length;
      const { differences } = await service.reconciliation.differences(brand, {
        ...period,
        kind,
        after: start === 0 ? null : list[start - 1]!.extKey,
        through: last ? null : records.at(-1)!.extKey,
        records,
      });
      for (const d of differences) {
        const side = (s: typeof d.portal) =>
          s ? `v${s.version}${s.amountCents === null ? '' : ` ${s.amountCents}`}` : '-';
        console.log(
          [kind, d.extKey, d.difference, `portal ${side(d.portal)}`, `erp ${side(d.erp)}`].join('\t'),
        );
      }
      differing += differences.length;
    }
  }
  const compared = [...byKind.keys()];
  console.log(`${differing} records differ (kinds compared: ${compared.join(', ') || 'none'}).`);
  return differing;
}

try {
  if (noun === 'brand') {
    const service = integrationService();
    if (verb === 'list') {
      for (const b of (await service.brands.list()).brands) console.log(`${b.code}\t${b.name}`);
    } else {
      const made = await service.brands.create({
        code: id ?? '',
        name: values.name ?? '',
        legalName: values['legal-name'] ?? null,
        vatNumber: values.vat ?? null,
      });
      console.log(
        `brand ${made.code} created: ${made.name}. Give a client the brand with client create --brands ${made.code}.`,
      );
    }
  } else if (noun === 'reconcile') {
    if (!(await settings.companyExists(values.brand)))
      throw new ClientInputError(`no brand "${values.brand}"`);
    const period = z.safeParse(integration.reconcile.query, { from: values.from, to: values.to });
    if (!period.success) throw new ClientInputError(`--from and --to: ${MESSAGES.reconcile_period_invalid}`);
    const service = integrationService();
    const summary = await service.reconciliation.summary(values.brand, period.data);
    console.log(
      `brand ${values.brand}, ${summary.from} – ${summary.to} (bills and payments over the period, the rest whole)`,
    );
    for (const k of summary.kinds) console.log([k.kind, k.count, k.checksum, k.totalCents ?? ''].join('\t'));
    if (values.erp) {
      const file = typedPath(values.erp);
      if (!existsSync(file)) throw new ClientInputError(`no file "${values.erp}"`);
      if ((await reconcileWithList(service, values.brand, period.data, file)) > 0) process.exitCode = 1;
    }
  } else if (noun === 'load') {
    const batchLines = Number(values.batch);
    if (!Number.isSafeInteger(batchLines) || batchLines < 1 || batchLines > 10_000)
      throw new ClientInputError('--batch is a number of lines from 1 to 10000');
    const file = id && typedPath(id);
    if (!file || !existsSync(file)) throw new ClientInputError(`no file "${id ?? ''}" to load`);
    if (!(await settings.companyExists(values.brand)))
      throw new ClientInputError(`no brand "${values.brand}"`);
    const service = integrationService();
    const started = performance.now();
    const counts = await service.initialLoad.loadFile(verb as LoadKind, values.brand, file, {
      now: new Date(),
      batchLines,
      onBatch: (results, lastLine) => {
        for (const r of results)
          if (r.outcome === 'refused')
            console.log(`line ${r.line}: ${r.code} ${r.message}${detail(r.errors)}`);
        console.log(`committed through line ${lastLine}`);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    const lines = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `${lines} lines in ${seconds.toFixed(1)} s (${Math.round(lines / seconds)}/s): ` +
        Object.entries(counts)
          .map(([outcome, n]) => `${outcome} ${n}`)
          .join(', '),
    );
  } else if (noun === 'deadletters') {
    if (verb === 'list') {
      const letters = await webhooks.deadLetters();
      if (letters.length === 0)
        console.log('No dead letters: every webhook delivery is done or still retrying.');
      for (const l of letters)
        console.log(
          [l.id, l.brand, `${l.attempts} attempts`, l.failedAt.toISOString(), l.lastError ?? ''].join('\t'),
        );
    } else {
      const ids = positionals.slice(2).map(Number);
      if (!values.all && (ids.length === 0 || ids.some((n) => !Number.isSafeInteger(n) || n <= 0)))
        throw new ClientInputError('name the dead letters to replay by id, or --all');
      const queued = await webhooks.replay(values.all ? 'all' : ids, new Date());
      console.log(
        `${queued.length} queued again (${queued.join(', ') || 'none'}): a running server delivers them from each webhook's position, in order.`,
      );
    }
  } else if (noun === 'webhook' && verb === 'add') {
    const client = await repository.client(id ?? '');
    if (!client) throw new ClientInputError(`no client "${id}"`);
    if (!client.scopes.includes('events:read'))
      throw new ClientInputError('the client has no events:read scope');
    if (!client.brands.includes(values.brand))
      throw new ClientInputError(`the client may not touch "${values.brand}"`);
    if (client.disabledAt) throw new ClientInputError('the client is disabled');
    const hook = await webhooks.add(client.id, values.brand, values.url);
    console.log(`webhook:        ${hook.id} → ${values.url} (${values.brand})`);
    console.log(`signing secret: ${hook.secret}`);
    console.log('Check Sportello-Signature (t=…,v1=HMAC-SHA256 of "t.body") with it; it is shown only now.');
    console.log(
      'Each event carries its id in Sportello-Event-Id, the same on every attempt: drop a repeat by it.',
    );
  } else if (noun === 'webhook' && verb === 'list') {
    const hooks = await webhooks.list();
    if (hooks.length === 0) console.log('No webhooks.');
    for (const h of hooks)
      console.log([h.id, h.clientId, h.brand, h.url, `position ${h.position}`, h.state].join('\t'));
  } else if (noun === 'webhook') {
    const webhookId = Number(id);
    if (!Number.isSafeInteger(webhookId) || webhookId <= 0)
      throw new ClientInputError('name the webhook by its id (webhook list)');
    const now = new Date();
    const done =
      verb === 'remove'
        ? await webhooks.remove(webhookId)
        : verb === 'pause'
          ? await webhooks.pause(webhookId, now)
          : await webhooks.resume(webhookId, now);
    if (!done) throw new ClientInputError(`no webhook ${webhookId}`);
    console.log(
      {
        remove: `webhook ${webhookId} removed: nothing more is sent to it.`,
        pause: `webhook ${webhookId} paused: events wait at its position until it is resumed.`,
        resume: `webhook ${webhookId} resumed: a running server delivers what waited, in order.`,
      }[verb as 'remove' | 'pause' | 'resume'],
    );
  } else if (verb === 'create') {
    const made = await clients.create({
      name: values.name ?? '',
      scopes: list(values.scopes),
      brands: list(values.brands),
    });
    console.log(`client_id:     ${made.id}`);
    console.log(`client_secret: ${made.secret}`);
    console.log(`scopes: ${made.scopes.join(' ')}   brands: ${made.brands.join(' ')}`);
    console.log("The secret is shown only now: keep it in the ERP's vault.");
  } else if (verb === 'disable') {
    await clients.disable(id ?? '', new Date());
    console.log(
      `${id}: no new token from now on (those issued expire within 10 minutes), and its webhooks receive nothing.`,
    );
  } else if (verb === 'rotate') {
    const rotated = await clients.rotate(id ?? '', new Date(), Number(values['overlap-days']));
    console.log(`client_id:     ${rotated.id}`);
    console.log(`client_secret: ${rotated.secret}`);
    console.log(`The previous secret opens until ${rotated.oldSecretsValidUntil.toISOString()}.`);
  } else {
    for (const c of await clients.list())
      console.log(
        [
          c.id,
          c.name,
          c.scopes.join(','),
          c.brands.join(','),
          c.createdAt.toISOString(),
          c.disabledAt ? 'disabled' : 'active',
        ].join('\t'),
      );
  }
} catch (err) {
  if (err instanceof AppError) {
    // A refusal of the brands' or the reconciliation's rules, with its fields.
    console.error(`${err.code}: ${err.message}${detail(err.errors)}`);
  } else if (!(
    err instanceof ClientInputError ||
    err instanceof CsvError ||
    err instanceof WebhookAddressError
  ))
    throw err;
  else console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
