// Builds one brand's demo: the customers of accounts-customers.ts, the accounts of accounts.ts
// with their delegations, and everything around them (CRM, links, hourly consumption).
import { LOGIN_USER_TYPES } from '@sportello/contract';
import { delegations } from '@sportello/db/schema';
import { DEMO_ACCOUNTS, type DemoCustomerRef } from './accounts.js';
import { demoCustomerSpecs } from './accounts-customers.js';
import { addHourlyConsumption, type HourSlot } from '../consumption/consumption.js';
import { addReadingWindows } from '../consumption/windows.js';
import type { SeedContext } from '../engine/context.js';
import { addMarioComplaints } from '../crm/complaints.js';
import { addMarioPriceChange } from '../crm/price-changes.js';
import { addWorkflowTask } from '../crm/workflows.js';
import { addCareQueueItems } from '../crm/care-queue.js';
import {
  addDemoLinks,
  addInsolvency,
  addMaintenance,
  addMessages,
  addNotifications,
  addProposals,
  addRequests,
} from '../crm/crm.js';
import {
  buildCustomer,
  type BuiltContract,
  type BuiltCustomer,
  type CustomerSpec,
} from '../customers/customer-builder.js';
import { romeInstant } from '../engine/dates.js';
import { addUser } from './users.js';
import { delegationRow } from '../world/index.js';

/** The account whose notification needs acceptance (README "Demo accounts"). */
export const ACCEPTANCE_ACCOUNT = 'giuliaconti';

export function buildDemoCompany(ctx: SeedContext, slots: readonly HourSlot[]): void {
  const specs = demoCustomerSpecs(ctx);
  const refs = Object.keys(specs) as DemoCustomerRef[];
  const customers = {} as Record<DemoCustomerRef, BuiltCustomer>;
  for (const ref of refs) {
    customers[ref] = buildCustomer(ctx, specs[ref]);
    addSmartMeterConsumption(ctx, specs[ref], customers[ref], slots);
  }
  addReadingWindows(
    ctx,
    refs.flatMap((ref) =>
      customers[ref].contracts
        .filter((_, c) => !specs[ref].contracts[c]?.endDate)
        .flatMap((contract) => contract.supplies.map((s) => s.id)),
    ),
  );

  let mario: { id: number; key: string } | undefined;
  let agency: { id: number; who: string } | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const own = account.customer ? customers[account.customer] : null;
    const user = addUser(ctx, {
      username: account.username,
      type: account.type,
      status: account.status,
      customerId: own?.id ?? null,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phoneMobile: account.phoneMobile,
      since: account.customer ? specs[account.customer].since : ctx.historyStart,
      scope: '',
      commercialNotifications: account.username === 'mariorossi',
    });
    if (account.username === 'mariorossi') mario = user;
    if (account.username === 'agenziaenergia')
      agency = { id: user.id, who: `${account.firstName} ${account.lastName}` };
    ctx.buffer.add(
      delegations,
      ...account.delegatedTo.map((ref) =>
        delegationRow({
          userId: user.id,
          customerId: customers[ref].id,
          createdAt: romeInstant(ctx.historyStart, 9),
        }),
      ),
    );
    if (account.status === 'Active' && LOGIN_USER_TYPES.includes(account.type)) {
      // The blocking acceptance popup stops every page, so it goes to an account the other
      // browser flows (all on mariorossi) do not use.
      addNotifications(ctx, user.id, own?.id ?? null, account.username === ACCEPTANCE_ACCOUNT);
    }
  }

  const messageKeys = Object.fromEntries(
    refs.map((ref) => [ref, addMessages(ctx, customers[ref])]),
  ) as Record<DemoCustomerRef, string[]>;
  if (!mario) throw new Error('mariorossi missing from DEMO_ACCOUNTS');
  addMarioScenarios(ctx, customers.mario, mario, messageKeys.mario[0] ?? '');
  addOtherScenarios(ctx, customers);
  if (!agency) throw new Error('agenziaenergia missing from DEMO_ACCOUNTS');
  addCareQueueItems(
    ctx,
    { userId: agency.id, who: agency.who, delegator: customers.trattoria },
    { supplyId: contractOf(customers.anna, 'electricity').supplies[0]?.id ?? 0 },
  );
}

/** Hourly data from the smart meter's full-capacity date on (two years for mariorossi, 60 days for the others). */
function addSmartMeterConsumption(
  ctx: SeedContext,
  spec: CustomerSpec,
  customer: BuiltCustomer,
  slots: readonly HourSlot[],
) {
  spec.contracts.forEach((contractSpec, c) => {
    if (contractSpec.endDate) return;
    contractSpec.supplies.forEach((supplySpec, s) => {
      const from = supplySpec.fullCapacityStartDate;
      const supply = customer.contracts[c]?.supplies[s];
      if (supplySpec.commodity !== 'electricity' || !from || !supply) return;
      addHourlyConsumption(
        ctx.buffer,
        ctx.seed,
        supply,
        slots.filter((slot) => slot.date >= from),
      );
    });
  });
}

function contractOf(customer: BuiltCustomer, commodity: string): BuiltContract {
  const contract = customer.contracts.find((c) => c.supplies[0]?.commodity === commodity);
  if (!contract) throw new Error(`${customer.key} has no ${commodity} contract`);
  return contract;
}

function addMarioScenarios(
  ctx: SeedContext,
  customer: BuiltCustomer,
  user: { id: number; key: string },
  messageKey: string,
) {
  const electricity = contractOf(customer, 'electricity');
  const gas = contractOf(customer, 'gas');
  const heat = contractOf(customer, 'heat');
  const proposalKey = addProposals(ctx, customer, electricity);
  // Var_Anagrafica newest in IR010: registry change in progress. GestioneSDD open only on gas,
  // so the electricity contract's bank debit can still be changed (SPEC §4).
  addRequests(ctx, customer, [
    {
      requestType: 'Var_Anagrafica',
      status: 'InLavorazione',
      phaseCode: 'IR010',
      contract: null,
      description: 'Variazione indirizzo email e telefono',
      daysAgo: 5,
    },
    {
      requestType: 'GestioneSDD',
      status: 'Aperto',
      phaseCode: null,
      contract: gas,
      description: 'Variazione IBAN domiciliazione',
      daysAgo: 3,
    },
    {
      requestType: 'GestioneSDD',
      status: 'Chiuso',
      phaseCode: null,
      contract: electricity,
      description: 'Attivazione domiciliazione bancaria',
      daysAgo: 420,
    },
    {
      requestType: 'Var_Anagrafica',
      status: 'Chiuso',
      phaseCode: 'IR090',
      contract: null,
      description: 'Variazione indirizzo di residenza',
      daysAgo: 300,
    },
    {
      requestType: 'Installments',
      status: 'Chiuso',
      phaseCode: null,
      contract: electricity,
      description: 'Richiesta di rateizzazione bolletta',
      daysAgo: 55,
    },
    {
      requestType: 'Information',
      status: 'Chiuso',
      phaseCode: null,
      contract: heat,
      description: 'Informazioni sulla lettura del contatore di calore',
      daysAgo: 150,
    },
    // A write-us message still waiting in the care console's queue (ADR 042).
    {
      requestType: 'Information',
      status: 'Aperto',
      phaseCode: null,
      contract: electricity,
      description: 'Richiesta di informazioni: Bolletta in due rate',
      daysAgo: 10,
      payload: {
        subject: 'Bolletta in due rate',
        description: 'Buongiorno, posso pagare l’ultima bolletta della luce in due rate? Grazie, Mario Rossi',
      },
    },
  ]);
  addMaintenance(ctx, customer, gas.supplies[0]?.id ?? 0, 'Manutenzione caldaia Comfort', 12_900);
  addMarioComplaints(ctx, customer.id, electricity, gas);
  addMarioPriceChange(ctx, customer.id, electricity);
  const invoice = electricity.invoices.find((i) => i.typeCode === 1) ?? electricity.invoices[0];
  addDemoLinks(ctx, {
    userId: user.id,
    userKey: user.key,
    customer,
    invoiceKey: invoice?.key ?? '',
    invoiceTypeCode: invoice?.typeCode ?? 1,
    messageKey,
    workflowId: addWorkflowTask(ctx, customer),
    selfReadingSupplyKey: gas.supplies[0]?.key ?? '',
    proposalKey,
    punSupplyKey: electricity.supplies[0]?.key ?? '',
  });
}

function addOtherScenarios(ctx: SeedContext, c: Record<DemoCustomerRef, BuiltCustomer>) {
  addInsolvency(ctx, c.bianchi, contractOf(c.bianchi, 'gas'));
  addRequests(ctx, c.bianchi, [
    {
      requestType: 'ShippingAddress',
      status: 'Chiuso',
      phaseCode: null,
      contract: contractOf(c.bianchi, 'electricity'),
      description: 'Invio bollette alla sede amministrativa',
      daysAgo: 200,
    },
    {
      requestType: 'Information',
      status: 'Aperto',
      phaseCode: null,
      contract: contractOf(c.bianchi, 'gas'),
      description: 'Richiesta piano di rientro',
      daysAgo: 8,
    },
  ]);
  const auroraGas = contractOf(c.aurora, 'gas');
  addMaintenance(
    ctx,
    c.aurora,
    auroraGas.supplies[0]?.id ?? 0,
    'Manutenzione centrale termica condominiale',
    185_000,
  );
  addRequests(ctx, c.aurora, [
    {
      requestType: 'Information',
      status: 'Aperto',
      phaseCode: null,
      contract: auroraGas,
      description: 'Ripartizione consumi per unità immobiliare',
      daysAgo: 6,
    },
  ]);
  addRequests(ctx, c.anna, [
    {
      requestType: 'GestioneSDD',
      status: 'Chiuso',
      phaseCode: null,
      contract: contractOf(c.anna, 'electricity'),
      description: 'Attivazione domiciliazione bancaria',
      daysAgo: 500,
    },
  ]);
}
