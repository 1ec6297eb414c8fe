// What an archive of "I tuoi dati" holds (GDPR articles 15 and 20, ADR 039): each section is what the
// portal shows the user of their own customer, read through the owning module's service (ADR 028),
// as the API answers it. A section answers its rows (one JSON and one CSV file each) and, for the
// bills, the PDFs. A new section (the audit trail of security events, for one) is one more entry of
// `SECTIONS`: the README, the ZIP and the tests pick it up.
import {
  channelsFor,
  erpMetering,
  NOTIFICATION_EVENT_KINDS,
  type NotificationEventKind,
} from '@sportello/contract';
import { addDays, describeUserAgent, todayInRome } from '@sportello/domain';
import { AppError } from '../../http/app-error.js';
import type { SessionStore, SessionUser } from '../../platform/sessions/session-store.js';
import type { ComplaintsService } from '../complaints/service.js';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { DocumentsService } from '../documents/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { MessagesService } from '../messages/service.js';
import type { MeteringService } from '../metering/service.js';
import type { NotificationsService } from '../notifications/service.js';
import type { PaymentsService } from '../payments/service.js';
import type { RequestsService } from '../requests/service.js';
import type { SessionsService } from '../sessions/service.js';
import type { SuppliesService } from '../supplies/service.js';
import type { UsersService } from '../users/service.js';
import type { Missing } from './privacy-information.js';
import { breathe } from './zip.js';

export interface SectionServices {
  users: Pick<UsersService, 'toDto'>;
  customers: Pick<CustomersService, 'find'>;
  contracts: Pick<ContractsService, 'list'>;
  supplies: Pick<SuppliesService, 'list'>;
  invoices: Pick<InvoicesService, 'list'>;
  documents: Pick<DocumentsService, 'get'>;
  payments: Pick<PaymentsService, 'list'>;
  metering: Pick<MeteringService, 'readings' | 'consumptions'>;
  requests: Pick<RequestsService, 'list'>;
  complaints: Pick<ComplaintsService, 'list'>;
  messages: Pick<MessagesService, 'list'>;
  notifications: Pick<NotificationsService, 'list'>;
  sessions: Pick<SessionsService, 'devices'>;
  store: Pick<SessionStore, 'listForUser'>;
}

export type Row = Record<string, unknown>;
export interface SectionData {
  rows: Row[];
  /** Files beside the rows, by path in the ZIP (the bills' PDFs). */
  files?: { path: string; data: Buffer }[];
  /** What a row refers to but the archive could not include, with the reason (never left out silently). */
  missing?: Missing[];
}

/** What a section reads: the user, their own customer's key, the supplies (read once), the time. */
export interface Subject {
  user: SessionUser;
  /** Null for a user without a customer of their own: the customer's sections are empty. */
  customerKey: string | null;
  supplies: { key: string; commodity: string; activationDate: string | null }[];
  now: Date;
}

/** A section of the customer's data: no rows for a user without a customer of their own. */
type CustomerSubject = Subject & { customerKey: string };
const ofCustomer =
  (read: (services: SectionServices, subject: CustomerSubject) => Promise<SectionData>) =>
  (services: SectionServices, subject: Subject): Promise<SectionData> =>
    subject.customerKey === null
      ? Promise.resolve({ rows: [] })
      : read(services, { ...subject, customerKey: subject.customerKey });

export interface Section {
  /** The files' name: `<name>.json`, `<name>.csv`. */
  name: string;
  /** One line of the README (Italian). */
  describes: string;
  read(services: SectionServices, subject: Subject): Promise<SectionData>;
}

/** Why a bill's PDF is not in the archive. */
const BILL_PDF_NOT_SENT =
  'il sistema di fatturazione non ci ha ancora inviato il documento di questa bolletta; i suoi importi sono in bollette.json';
const BILL_PDF_PRINTING =
  'il documento è ancora in stampa: lo scarichi dalla pagina della bolletta appena è pronto, o con un nuovo archivio';
const BILL_PDF_REFUSED =
  'non siamo riusciti a produrlo per questo archivio: prova a scaricarlo dalla pagina della bolletta o chiedilo all’assistenza';

/** The widest page the lists accept (query-fields.ts). */
const TAKE = 1000;

/** Every page of a paged list, in order. */
async function allPages<T>(page: (skip: number) => Promise<{ count: number; rows: T[] }>): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const { count, rows } = await page(all.length);
    all.push(...rows);
    if (rows.length === 0 || all.length >= count) return all;
  }
}

/** At most this far back: an archive covers the years the portal can show. */
const OLDEST_YEARS = 10;

/** The first day of a supply's data: its activation, bounded to OLDEST_YEARS. */
function startOf(supply: Subject['supplies'][number], today: string) {
  const oldest = `${Number(today.slice(0, 4)) - OLDEST_YEARS}${today.slice(4, 8)}01`;
  return supply.activationDate && supply.activationDate > oldest ? supply.activationDate : oldest;
}

/** [from, to) windows of at most `days` days covering from..to. */
function windows(from: string, to: string, days: number): [string, string][] {
  const out: [string, string][] = [];
  for (let start = from; start < to;) {
    const end = addDays(start, days) < to ? addDays(start, days) : to;
    out.push([start, end]);
    start = end;
  }
  return out;
}

/** A consumption point as one row: the period, then quantity and cost by band. */
function consumptionRows(supplyKey: string, unit: string, points: erpMetering.ConsumptionPoint[]): Row[] {
  return points.map((p) => ({
    supplyKey,
    period: p.period,
    start: p.start,
    unit,
    ...Object.fromEntries(Object.entries(p.milliUnits).map(([band, v]) => [`quantity_${band}`, v / 1000])),
    ...Object.fromEntries(Object.entries(p.costCents).map(([band, v]) => [`costCents_${band}`, v])),
  }));
}

const CHOOSABLE_KINDS = (Object.keys(NOTIFICATION_EVENT_KINDS) as NotificationEventKind[]).filter(
  (kind) => NOTIFICATION_EVENT_KINDS[kind] !== 'regulatory',
);

export const SECTIONS: readonly Section[] = [
  {
    name: 'profilo',
    describes: 'i dati del tuo utente e del cliente intestatario (nome, codice fiscale, recapiti)',
    async read({ users, customers }, { user, customerKey }) {
      const [account, customer] = await Promise.all([
        users.toDto(user),
        customerKey === null ? null : customers.find(user, customerKey),
      ]);
      return { rows: [{ utente: account, cliente: customer }] };
    },
  },
  {
    name: 'consensi',
    describes: 'i consensi privacy e le preferenze di avviso (quali avvisi e su quali canali)',
    async read({ customers }, { user, customerKey }) {
      const customer = customerKey === null ? null : await customers.find(user, customerKey);
      return {
        rows: [
          ...(customer
            ? [
                { consenso: 'privacyCompany', valore: customer.privacyCompany },
                { consenso: 'privacyOthers', valore: customer.privacyOthers },
              ]
            : []),
          { consenso: 'receiveTechNotifications', valore: user.receiveTechNotifications },
          { consenso: 'receiveCommercialNotifications', valore: user.receiveCommercialNotifications },
          ...CHOOSABLE_KINDS.map((kind) => ({
            consenso: `avvisi.${kind}`,
            valore: channelsFor(user.userOptions, kind),
          })),
        ],
      };
    },
  },
  {
    name: 'contratti',
    describes: 'i contratti di fornitura',
    read: ofCustomer(async ({ contracts }, { user, customerKey }) => {
      const rows = await allPages(async (skip) => {
        const page = await contracts.list(user, customerKey, { pagingSkip: skip, pagingTake: TAKE });
        return { count: page.count, rows: page.contracts };
      });
      return { rows };
    }),
  },
  {
    name: 'forniture',
    describes: 'le forniture (punti di prelievo e riconsegna) e i loro indirizzi',
    read: ofCustomer(async ({ supplies }, { user, customerKey }) => {
      const rows = await allPages(async (skip) => {
        const page = await supplies.list(user, { customerKey, pagingSkip: skip, pagingTake: TAKE });
        return { count: page.count, rows: page.supplies };
      });
      return { rows };
    }),
  },
  {
    name: 'bollette',
    describes: 'le bollette; i PDF sono nella cartella bollette/',
    read: ofCustomer(async ({ invoices, documents }, { user, customerKey, now }) => {
      const rows = await allPages(async (skip) => {
        const page = await invoices.list(
          user,
          { customerId: customerKey, pagingSkip: skip, pagingTake: TAKE },
          now,
        );
        return { count: page.count, rows: page.invoices };
      });
      const files: { path: string; data: Buffer }[] = [];
      const missing: Missing[] = [];
      for (const bill of rows) {
        const what = `Il PDF della bolletta ${bill.number}`;
        if (bill.documentId === null) {
          missing.push({ what, why: BILL_PDF_NOT_SENT });
          continue;
        }
        await breathe();
        try {
          const pdf = await documents.get(bill.documentId, undefined, now);
          files.push({
            path: `bollette/${bill.number.replace(/[^\w.-]+/g, '_')}.pdf`,
            data: Buffer.from(pdf.data, 'base64'),
          });
        } catch (err) {
          // The bill's row is in the archive; its PDF is named as missing, with the reason. Anything but
          // the document's own refusal (a fault) fails the job, which is tried again.
          if (!(err instanceof AppError)) throw err;
          missing.push({
            what,
            why: err.code === 'document_not_ready' ? BILL_PDF_PRINTING : BILL_PDF_REFUSED,
          });
        }
      }
      return { rows, files, missing };
    }),
  },
  {
    name: 'pagamenti',
    describes: 'i pagamenti online',
    read: ofCustomer(async ({ payments }, { user, customerKey }) => {
      const rows = await allPages(async (skip) => {
        const page = await payments.list(user, customerKey, { skip, take: TAKE });
        return { count: page.count, rows: page.payments };
      });
      return { rows };
    }),
  },
  {
    name: 'letture',
    describes: 'le letture dei contatori, di ogni fornitura',
    async read({ metering }, { supplies, now }) {
      const today = todayInRome(now);
      const rows: Row[] = [];
      for (const supply of supplies) {
        const answer = await metering.readings(
          { supplyKey: supply.key, startDate: startOf(supply, today) },
          now,
        );
        rows.push(...answer.readings.map((r) => ({ supplyKey: supply.key, ...r })));
      }
      return { rows };
    },
  },
  {
    name: 'consumi-mensili',
    describes: 'i consumi e i costi per mese e fascia, di ogni fornitura',
    async read({ metering }, { supplies, now }) {
      const today = todayInRome(now);
      const rows: Row[] = [];
      for (const supply of supplies) {
        const from = `${startOf(supply, today).slice(0, 8)}01`;
        for (const [start, end] of windows(from, addDays(today, 1), erpMetering.CONSUMPTION_MAX_DAYS.month)) {
          await breathe();
          const answer = await metering.consumptions(
            { supplyKey: supply.key, from: start, to: end, granularity: 'month' },
            now,
          );
          rows.push(...consumptionRows(supply.key, answer.unit, answer.points));
        }
      }
      return { rows };
    },
  },
  {
    name: 'consumi-orari',
    describes: 'i consumi ora per ora, per le forniture con contatore elettronico che li misura',
    async read({ metering }, { supplies, now }) {
      const today = todayInRome(now);
      const rows: Row[] = [];
      for (const supply of supplies.filter((s) => s.commodity === 'electricity')) {
        for (const [start, end] of windows(
          startOf(supply, today),
          addDays(today, 1),
          erpMetering.CONSUMPTION_MAX_DAYS.hour,
        )) {
          await breathe();
          const answer = await metering.consumptions(
            { supplyKey: supply.key, from: start, to: end, granularity: 'hour' },
            now,
          );
          rows.push(...consumptionRows(supply.key, answer.unit, answer.points));
        }
      }
      return { rows };
    },
  },
  {
    name: 'richieste',
    describes: 'le richieste inviate (cambio IBAN, indirizzo, rateizzazioni…) e il loro stato',
    read: ofCustomer(async ({ requests }, { user, customerKey }) => {
      const rows = await allPages(async (skip) => {
        const page = await requests.list(user, { customerKey, pagingSkip: skip, pagingTake: TAKE });
        return { count: page.count, rows: page.requests };
      });
      return { rows };
    }),
  },
  {
    name: 'reclami',
    describes: 'i reclami, le risposte e gli indennizzi',
    read: ofCustomer(async ({ complaints }, { user, customerKey, now }) => {
      return { rows: (await complaints.list(user, customerKey, now)).complaints };
    }),
  },
  {
    name: 'messaggi',
    describes: 'i messaggi ricevuti nel portale',
    read: ofCustomer(async ({ messages }, { user, customerKey }) => {
      const rows = await allPages(async (skip) => {
        const page = await messages.list(user, { customerKey, pagingSkip: skip, pagingTake: TAKE });
        return { count: page.count, rows: page.messages };
      });
      return { rows };
    }),
  },
  {
    name: 'notifiche',
    describes: 'le notifiche ricevute',
    async read({ notifications }, { user }) {
      const rows = await allPages(async (skip) => {
        const page = await notifications.list(user, { pagingSkip: skip, pagingTake: TAKE });
        return { count: page.count, rows: page.notifications };
      });
      return { rows };
    },
  },
  {
    name: 'sessioni',
    describes: 'le sessioni aperte e i dispositivi da cui sono state aperte',
    async read({ store }, { user, now }) {
      const rows = await store.listForUser(user.id, now);
      return {
        rows: rows.map((row) => ({
          device: describeUserAgent(row.userAgent),
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
        })),
      };
    },
  },
  {
    name: 'accessi',
    describes: 'gli ultimi accessi e i tentativi non riusciti',
    async read({ sessions }, { user }) {
      return { rows: await sessions.devices.history(user) };
    },
  },
];
