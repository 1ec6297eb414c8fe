// The customer-relationship side of the demo: messages, notifications, proposals, requests
// (tickets and practices), maintenance contracts, insolvencies and the fixed demo links.
import type { InferInsertModel } from 'drizzle-orm';
import {
  insolvencies,
  links,
  maintenanceContracts,
  maintenanceDocuments,
  maintenanceVisits,
  messages,
  notifications,
  proposals,
  requests,
} from '@sportello/db/schema';
import { DEMO_LINKS } from '../accounts/accounts.js';
import type { BuiltContract, BuiltCustomer } from '../customers/customer-builder.js';
import { nextKey, type SeedContext } from '../engine/context.js';
import { addDays, addMonths, monthStart, romeInstant } from '../engine/dates.js';
import { Rng } from '../engine/prng.js';
import { linkRow, proposalRow } from '../world/index.js';

const MESSAGE_TEMPLATES = [
  {
    category: 'bolletta',
    title: 'La tua nuova bolletta è disponibile',
    body: 'Gentile cliente, la bolletta del periodo appena concluso è disponibile nella sezione Bollette.',
  },
  {
    category: 'pagamento',
    title: 'Abbiamo ricevuto il tuo pagamento',
    body: 'Grazie, il pagamento della bolletta è stato registrato correttamente.',
  },
  {
    category: 'autolettura',
    title: "È il momento dell'autolettura",
    body: 'Comunica la lettura del contatore entro la fine del mese: riceverai bollette basate sui consumi reali.',
  },
  {
    category: 'contratto',
    title: 'Aggiornamento delle condizioni economiche',
    body: 'Dal prossimo trimestre cambiano i corrispettivi della tua offerta: trovi il dettaglio nella comunicazione allegata.',
  },
  {
    category: 'informativa',
    title: 'Bonus sociale: verifica se ne hai diritto',
    body: "Il bonus sociale per disagio economico è riconosciuto automaticamente a chi presenta l'ISEE.",
  },
  {
    category: 'informativa',
    title: 'Interruzione programmata della fornitura',
    body: 'Il distributore locale ha programmato lavori sulla rete: la fornitura potrebbe essere sospesa per alcune ore.',
  },
  {
    category: 'contratto',
    title: 'Attiva la bolletta digitale',
    body: 'Ricevi le bollette via email e risparmia carta: attivala dalla sezione Profilo.',
  },
  {
    category: 'pagamento',
    title: 'Promemoria di pagamento',
    body: 'Risulta una bolletta in scadenza: puoi pagarla online con carta o attivare la domiciliazione bancaria.',
  },
] as const;

/** A brand without self-reading never asks its customers for a reading. */
const hasSelfReading = (ctx: SeedContext) => !ctx.company.disabled.includes('AutoLettura');

/** 5–8 messages over the last months; the two newest are unread. */
export function addMessages(ctx: SeedContext, customer: BuiltCustomer): string[] {
  const rng = Rng.of(ctx.seed, 'messages', customer.key);
  const count = rng.int(5, 8);
  const keys: string[] = [];
  const rows: InferInsertModel<typeof messages>[] = [];
  const templates = MESSAGE_TEMPLATES.filter((t) => t.category !== 'autolettura' || hasSelfReading(ctx));
  for (let i = 0; i < count; i++) {
    const template = templates[(i + rng.int(0, 2)) % templates.length] ?? MESSAGE_TEMPLATES[0];
    const sentOn = addDays(ctx.today, -(i * 21 + rng.int(1, 12)));
    const key = nextKey(ctx, 'MSG');
    keys.push(key);
    rows.push({
      id: ctx.ids.next(messages),
      key,
      customerId: customer.id,
      ...template,
      sentAt: romeInstant(sentOn, rng.int(8, 19), rng.int(0, 59)),
      readAt: i < 2 ? null : romeInstant(addDays(sentOn, rng.int(0, 3)), 21),
    });
  }
  ctx.buffer.add(messages, ...rows);
  return keys;
}

export function addNotifications(
  ctx: SeedContext,
  userId: number,
  customerId: number | null,
  withAcceptance: boolean,
) {
  const rng = Rng.of(ctx.seed, 'notifications', userId);
  const at = (daysAgo: number) => romeInstant(addDays(ctx.today, -daysAgo), 9, rng.int(0, 59));
  const rows: InferInsertModel<typeof notifications>[] = [
    {
      userId,
      customerId,
      title: 'Nuova bolletta disponibile',
      description: 'È disponibile la tua ultima bolletta.',
      detail: 'Puoi consultarla e pagarla dalla sezione Bollette.',
      readTime: null,
      mnMsgId: `MN-${ctx.company.code}-${userId}-1`,
      createdAt: at(3),
    },
    {
      userId,
      customerId,
      title: 'Pagamento registrato',
      description: 'Abbiamo registrato il pagamento della bolletta.',
      detail: null,
      readTime: at(20),
      readingDate: at(20),
      mnMsgId: `MN-${ctx.company.code}-${userId}-2`,
      createdAt: at(22),
    },
  ];
  if (withAcceptance) {
    rows.push({
      userId,
      customerId,
      title: 'Aggiornamento delle condizioni generali di fornitura',
      description:
        'Abbiamo aggiornato le condizioni generali di fornitura: per continuare a usare il servizio è necessario accettarle.',
      detail: 'Le nuove condizioni recepiscono le ultime delibere ARERA su fatturazione e reclami.',
      acceptanceRequired: true,
      readTime: null,
      acceptedTime: null,
      mnMsgId: `MN-${ctx.company.code}-${userId}-3`,
      createdAt: at(1),
    });
    if (hasSelfReading(ctx))
      rows.push({
        userId,
        customerId,
        title: 'Comunica la tua autolettura',
        description: "Dal 25 al 31 del mese puoi comunicare l'autolettura del contatore gas.",
        detail: null,
        readTime: at(40),
        readingDate: at(40),
        mnMsgId: `MN-${ctx.company.code}-${userId}-4`,
        createdAt: at(41),
      });
  }
  ctx.buffer.add(notifications, ...rows);
}

/** Current, expired and future proposals; only the current one is visible (SPEC §4). */
export function addProposals(ctx: SeedContext, customer: BuiltCustomer, contract: BuiltContract): string {
  const { today } = ctx;
  // The offer's price, shown on the proposal before it is accepted.
  const gas = contract.supplies[0]?.commodity === 'gas';
  const make = (title: string, description: string, start: number, end: number) => {
    const key = nextKey(ctx, 'PRP');
    ctx.buffer.add(proposals, {
      ...proposalRow({
        key,
        customerId: customer.id,
        contractId: contract.id,
        title,
        description,
        startDate: addDays(today, start),
        endDate: addDays(today, end),
        // The first day of the month after the proposal closes.
        effectiveDate: monthStart(addMonths(addDays(today, end), 1)),
        gas,
      }),
      actionSelected: null,
      createdAt: romeInstant(addDays(today, Math.min(start, 0) - 1), 10),
    });
    return key;
  };
  const current = make(
    'Passa a Luce Fissa 24',
    'Blocca il prezzo della materia energia per 24 mesi con uno sconto del 10% sulla quota fissa.',
    -10,
    20,
  );
  make(
    'Bonus fedeltà estate',
    'Uno sconto di 30 € in bolletta per i clienti con domiciliazione bancaria.',
    -90,
    -30,
  );
  make('Offerta Gas Inverno', 'Prezzo del gas bloccato per tutta la stagione termica.', 15, 45);
  return current;
}

interface RequestSpec {
  requestType: string;
  status: 'Aperto' | 'InLavorazione' | 'Chiuso' | 'Annullato';
  phaseCode: string | null;
  contract: BuiltContract | null;
  description: string;
  daysAgo: number;
  /** What the customer wrote, as the write-us form records it (subject, description). */
  payload?: Record<string, unknown>;
}

export function addRequests(
  ctx: SeedContext,
  customer: BuiltCustomer,
  specs: readonly RequestSpec[],
): string[] {
  return specs.map((r) => {
    const key = nextKey(ctx, 'REQ');
    const closed = r.status === 'Chiuso' || r.status === 'Annullato';
    ctx.buffer.add(requests, {
      key,
      companyCode: ctx.company.code,
      customerId: customer.id,
      contractId: r.contract?.id ?? null,
      requestType: r.requestType,
      status: r.status,
      phaseCode: r.phaseCode,
      description: r.description,
      payload: r.payload ?? null,
      createdDate: romeInstant(addDays(ctx.today, -r.daysAgo), 10, 30),
      closedDate: closed ? romeInstant(addDays(ctx.today, -r.daysAgo + 12), 16) : null,
    });
    return key;
  });
}

export function addMaintenance(
  ctx: SeedContext,
  customer: BuiltCustomer,
  supplyId: number,
  product: string,
  feeCents: number,
) {
  const id = ctx.ids.next(maintenanceContracts);
  ctx.buffer.add(maintenanceContracts, {
    id,
    key: nextKey(ctx, 'MNT'),
    customerId: customer.id,
    supplyId,
    product,
    status: 'Attivo',
    startDate: addDays(ctx.today, -400),
    endDate: null,
    nextVisitDate: addDays(ctx.today, 45),
    annualFeeCents: feeCents,
  });
  // A yearly visit done for each past year, the next one planned, and what each visit left behind.
  const visit = (daysFromToday: number, done: boolean) => ({
    maintenanceContractId: id,
    visitDate: addDays(ctx.today, daysFromToday),
    kind: done ? 'Manutenzione ordinaria e controllo fumi' : 'Manutenzione ordinaria',
    done,
    technician: done ? 'Luigi Ferrari' : null,
    outcome: done ? 'Impianto efficiente, nessuna anomalia' : null,
  });
  ctx.buffer.add(maintenanceVisits, visit(-320, true), visit(-30, true), visit(45, false));
  ctx.buffer.add(
    maintenanceDocuments,
    {
      maintenanceContractId: id,
      title: 'Contratto di manutenzione',
      issueDate: addDays(ctx.today, -400),
      kind: 'Contratto',
    },
    {
      maintenanceContractId: id,
      title: 'Rapporto di controllo di efficienza energetica',
      issueDate: addDays(ctx.today, -30),
      kind: 'Rapporto',
    },
    {
      maintenanceContractId: id,
      title: 'Libretto di impianto',
      issueDate: addDays(ctx.today, -320),
      kind: 'Libretto',
    },
  );
}

/** An open insolvency summing the contract's overdue bills, dated from the oldest. */
export function addInsolvency(ctx: SeedContext, customer: BuiltCustomer, contract: BuiltContract) {
  const overdue = contract.invoices.filter((i) => i.outstandingCents > 0 && i.dueDate < ctx.today);
  const oldest = overdue.map((i) => i.dueDate).sort()[0];
  if (!oldest) return;
  ctx.buffer.add(insolvencies, {
    customerId: customer.id,
    contractId: contract.id,
    amountCents: overdue.reduce((s, i) => s + i.outstandingCents, 0),
    sinceDate: oldest,
    status: 'Aperta',
  });
}

export interface LinkTargets {
  userId: number;
  customer: BuiltCustomer;
  invoiceKey: string;
  invoiceTypeCode: number;
  messageKey: string;
  userKey: string;
  workflowId: string;
  selfReadingSupplyKey: string;
  proposalKey: string;
  punSupplyKey: string;
}

/**
 * The fixed demo links of DEMO_LINKS, hash code `${name}-${company}` (stored hashed like every link;
 * guessable on purpose: they are the README's demo links).
 */
export function addDemoLinks(ctx: SeedContext, t: LinkTargets) {
  const entity: Record<string, { key: string; params: Record<string, unknown> | null }> = {
    'demo-invoice': { key: t.invoiceKey, params: { invoiceTypeCodes: [t.invoiceTypeCode] } },
    'demo-message': { key: t.messageKey, params: null },
    'demo-password': { key: t.userKey, params: null },
    'demo-workflow': { key: t.workflowId, params: null },
    'demo-self-reading': { key: t.selfReadingSupplyKey, params: null },
    'demo-proposal': { key: t.proposalKey, params: null },
    'demo-pun': { key: t.punSupplyKey, params: null },
    'demo-expired': { key: t.messageKey, params: null },
  };
  ctx.buffer.add(
    links,
    ...DEMO_LINKS.map((link, i) => {
      const target = entity[link.name];
      const expired = link.name === 'demo-expired';
      return linkRow({
        token: `${link.name}-${ctx.company.code}`,
        companyCode: ctx.company.code,
        moduleId: link.moduleId,
        entityKey: target?.key ?? null,
        params: target?.params,
        customerId: t.customer.id,
        userId: t.userId,
        // Alternate no expiry and one year ahead; the expired link ran out yesterday.
        expiresAt: expired
          ? romeInstant(addDays(ctx.today, -1), 0)
          : i % 2 === 0
            ? null
            : romeInstant(addDays(ctx.today, 365), 0),
        createdAt: romeInstant(addDays(ctx.today, expired ? -31 : -2), 9),
      });
    }),
  );
}
