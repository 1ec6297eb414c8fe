// Extra customers for benchmarks (`customers: N`, brand sga only): user cliente<N>, 1–3 supplies,
// two years of bimonthly bills and readings, no hourly consumption. Each customer draws from its
// own stream. Every few hundred customers, the batch's customers and bills enter through the ERP
// intake (the integration API's initial load, as-erp-records.ts), then the rows around them (users,
// readings, streets) are copied, their references moved to the ids the intake wrote.
import type { Db } from '@sportello/db/client';
import type { CommodityOffer } from '../companies/generated-offers.js';
import { COMMODITY_OFFERS } from '../companies/generated-offers.js';
import type { SeedContext } from '../engine/context.js';
import {
  buildCustomer,
  longStanding,
  type ContractSpec,
  type CustomerSpec,
  type PersonSpec,
  type SupplySpec,
} from './customer-builder.js';
import { addDays, addMonths, monthEnd, monthStart, romeInstant } from '../engine/dates.js';
import { emailLocalPart, landlinePhone, mobilePhone } from './identifiers.js';
import { BUSINESS_KINDS, FEMALE_NAMES, LEGAL_FORMS, MALE_NAMES, STREET_NAMES, SURNAMES } from './names.js';
import { Rng } from '../engine/prng.js';
import type { UsageProfile } from '../consumption/usage.js';
import { addUser } from '../accounts/users.js';
import { takeErpBatch, type ErpIntake } from './as-erp-records.js';
import { offerExtKey, type OfferCode } from '../companies/companies.js';
import { remapReferences } from '../engine/remap.js';

// Small enough that a batch's rows die young (a 1,000-customer batch spent a fifth of the time in GC).
const BATCH_CUSTOMERS = 250;
/** Customers generated between two turns of the event loop, so the batch being copied keeps flowing. */
const YIELD_EVERY = 50;

function person(rng: Rng, ctx: SeedContext): PersonSpec {
  const sex = rng.chance(0.5) ? 'M' : 'F';
  const year = Number(ctx.today.slice(0, 4)) - rng.int(22, 88);
  return {
    firstName: rng.pick(sex === 'M' ? MALE_NAMES : FEMALE_NAMES),
    lastName: rng.pick(SURNAMES),
    sex,
    birthDate: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
    birthTown: ctx.towns.pick(rng),
  };
}

function supply(rng: Rng, offer: CommodityOffer, profile: UsageProfile, today: string): SupplySpec {
  const scale =
    profile === 'business'
      ? rng.between(4, 15)
      : profile === 'condominium'
        ? rng.between(15, 40)
        : rng.between(0.6, 1.5);
  const electricity = offer.commodity === 'electricity';
  return {
    commodity: offer.commodity,
    offer: rng.pick(offer.offers),
    nickname: rng.chance(0.3) ? rng.pick(['Casa', 'Ufficio', 'Casa al mare', 'Negozio', 'Box']) : null,
    annual: Math.round(offer.typicalAnnual * scale),
    profile,
    powerKw: electricity
      ? profile === 'domestic'
        ? rng.pick([3, 3, 3, 4.5, 6])
        : rng.pick([10, 15, 20, 30])
      : offer.commodity === 'heat'
        ? rng.int(10, 300)
        : 0,
    fullCapacityStartDate: electricity && rng.chance(0.6) ? addDays(today, -rng.int(30, 900)) : null,
  };
}

export function generatedCustomerSpec(
  ctx: SeedContext,
  n: number,
): { spec: CustomerSpec; username: string; contact: PersonSpec } {
  const rng = Rng.of(ctx.seed, 'generated', n);
  const roll = rng.next();
  const type = roll < 0.88 ? 'private' : roll < 0.97 ? 'company' : 'condominium';
  const profile: UsageProfile =
    type === 'private' ? 'domestic' : type === 'company' ? 'business' : 'condominium';
  const contact = person(rng, ctx);
  const town = ctx.towns.pick(rng);
  const name =
    type === 'company'
      ? `${rng.pick(BUSINESS_KINDS)} ${rng.pick(SURNAMES)} ${rng.pick(LEGAL_FORMS)}`
      : type === 'condominium'
        ? `Condominio ${rng.pick(STREET_NAMES).replace(/^\S+ /, '')} ${rng.int(1, 120)}`
        : undefined;

  const count = rng.next() < 0.5 ? 1 : rng.next() < 0.7 ? 2 : 3;
  const first = rng.chance(0.8) ? 0 : 1;
  const contracts: ContractSpec[] = [];
  for (let i = 0; i < count; i++) {
    const offer = COMMODITY_OFFERS[i === 2 && rng.chance(0.3) ? 2 : (first + i) % 2];
    if (!offer) throw new Error('no offer for commodity');
    const recent = rng.chance(0.3);
    const startDate = recent
      ? monthStart(addMonths(ctx.today, -rng.int(3, 22)))
      : longStanding(ctx.today, rng.int(0, 80));
    const ended = rng.chance(0.05) ? monthEnd(addMonths(ctx.today, -rng.int(2, 12))) : null;
    contracts.push({
      startDate,
      endDate: ended && ended > startDate ? ended : null,
      sepa: rng.chance(0.55),
      shipping: rng.chance(0.1),
      supplies: [supply(rng, offer, profile, ctx.today)],
      billing: {
        lagDays: rng.int(1, 25),
        cycleOffset: rng.chance(0.5) ? 1 : 0,
        overdue: rng.chance(0.04) ? 1 : 0,
        partiallyPaid: rng.chance(0.01),
        installmentPlan: rng.chance(0.01),
        typeCodes: rng.chance(0.08) ? { [rng.int(2, 10)]: 31 } : {},
      },
    });
  }
  const since = contracts.map((c) => c.startDate).sort()[0] ?? ctx.historyStart;
  const local =
    type === 'private' ? emailLocalPart(contact.firstName, contact.lastName, String(n)) : `cliente${n}`;
  return {
    username: `cliente${n}`,
    contact,
    spec: {
      scope: 'G',
      type,
      ...(name ? { name } : { person: contact }),
      town,
      email: `${local}@example.com`,
      phoneMobile: mobilePhone(rng),
      phoneHome: rng.chance(0.3) ? landlinePhone(rng, town.province) : null,
      since,
      contracts,
      detail: 'light',
    },
  };
}

export async function addGeneratedCustomers(
  db: Db,
  ctx: SeedContext,
  count: number,
  intake: ErpIntake,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const offerKeys = new Map(
    (Object.entries(ctx.offerIds) as [OfferCode, number][]).map(([code, id]) => [
      id,
      offerExtKey(ctx.company.code, code),
    ]),
  );
  // The records' versions and load time: the seed's `today`, so the seed stays deterministic.
  const load = intake.open(ctx.company.code, romeInstant(ctx.today, 6));
  // One batch is written while the next is generated: the database and the generator work side by side.
  let writing: Promise<void> = Promise.resolve();
  for (let n = 1; n <= count; n++) {
    const { spec, username, contact } = generatedCustomerSpec(ctx, n);
    const customer = buildCustomer(ctx, spec);
    addUser(ctx, {
      username,
      type: 'Customer',
      status: 'Active',
      customerId: customer.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: spec.email ?? `${username}@example.com`,
      phoneMobile: spec.phoneMobile,
      since: spec.since,
      scope: 'G',
    });
    if (n % BATCH_CUSTOMERS === 0 || n === count) {
      const erp = takeErpBatch(ctx.buffer, offerKeys);
      const around = ctx.buffer.detach();
      await writing;
      writing = (async () => {
        const customersLoaded = await load('customers', erp.customerLines);
        const billsLoaded = await load('bills', erp.billLines);
        remapReferences(around, erp.writtenIds(customersLoaded, billsLoaded));
        for (const [table, rows] of erp.taken) around.countWritten(table, rows);
        await around.flush(db);
        onProgress?.(n, count);
      })();
      // Awaited at the next batch or at the end; until then a failure must not count as unhandled.
      writing.catch(() => undefined);
    } else if (n % YIELD_EVERY === 0) {
      await new Promise(setImmediate);
    }
  }
  await writing;
}
