// Turns the description of one customer (CustomerSpec) into rows: the customer, its contracts
// with SEPA mandate and shipping address, supplies with technical data, meter groups, readings
// and bills. Demo accounts and generated benchmark customers both go through here.
import type { InferInsertModel } from 'drizzle-orm';
import type { Banking } from '@sportello/db/schema';
import { contracts, customers, meterGroups, streets, supplies } from '@sportello/db/schema';
import {
  addressLine,
  pickAddress,
  shippingAddress,
  type Address,
  type Town,
} from '../addresses/addresses.js';
import { billPeriods, buildInvoices, type BillingSpec, type BuiltInvoice } from '../billing/billing.js';
import { OFFERS, type Commodity, type OfferCode } from '../companies/companies.js';
import { nextKey, type SeedContext } from '../engine/context.js';
import { addDays, romeInstant } from '../engine/dates.js';
import { buildFiscalCode, italianIban, pointCode, vatNumber } from './identifiers.js';
import { Rng } from '../engine/prng.js';
import { contractRow, customerRow, supplyRow } from '../world/index.js';
import { buildReadings, channelsOf, type MeterRegisters } from '../consumption/readings.js';
import type { UsageProfile } from '../consumption/usage.js';

export type CustomerType = 'private' | 'company' | 'condominium';

export interface PersonSpec {
  firstName: string;
  lastName: string;
  sex: 'M' | 'F';
  birthDate: string;
  birthTown: Town;
}

export interface SupplySpec {
  commodity: Commodity;
  offer: OfferCode;
  nickname: string | null;
  /** kWh per year (electricity, heat) or Smc per year (gas). */
  annual: number;
  profile: UsageProfile;
  powerKw: number;
  /** A site other than the customer's own address (warehouse, second home). */
  site?: Town;
  /** Electricity: date from which the smart meter sends hourly data; null for none. */
  fullCapacityStartDate?: string | null;
  /** Electricity: the meter's registers (default one per band F1–F3). */
  registers?: MeterRegisters;
}

export interface ContractSpec {
  /** First of a month: Italian supply switches take effect on the 1st. */
  startDate: string;
  endDate?: string | null;
  sepa: boolean;
  /** SEPA mandate state: null when active, or a change in progress (SPEC §3 bank debit states). */
  sepaState?: Banking['state'];
  shipping: boolean;
  supplies: readonly SupplySpec[];
  billing: Omit<BillingSpec, 'detail'>;
}

export interface CustomerSpec {
  scope: '' | 'G';
  type: CustomerType;
  /** Company or condominium name; for a private customer the person's name is used. */
  name?: string;
  person?: PersonSpec;
  town: Town;
  street?: string;
  email: string | null;
  phoneMobile: string | null;
  phoneHome: string | null;
  since: string;
  contracts: readonly ContractSpec[];
  /** Demo customers get monthly readings and portal payments; benchmark ones stay lighter. */
  detail: 'full' | 'light';
}

export interface BuiltSupply {
  id: number;
  key: string;
  commodity: Commodity;
  pointCode: string;
  nickname: string | null;
  /** The street line and town the supply page shows. */
  address: string;
  locality: string;
  powerKw: number;
  annual: number;
  profile: UsageProfile;
  registers?: MeterRegisters;
  offer: OfferCode;
}

export interface BuiltContract {
  id: number;
  key: string;
  number: string;
  supplies: BuiltSupply[];
  invoices: BuiltInvoice[];
}

export interface BuiltCustomer {
  id: number;
  key: string;
  name: string;
  fiscalCode: string | null;
  contracts: BuiltContract[];
}

const GAS_METERS: Record<UsageProfile, string> = { domestic: 'G4', business: 'G10', condominium: 'G25' };
const USAGE_LABEL: Record<Commodity, Record<UsageProfile, string>> = {
  electricity: { domestic: 'Domestico residente', business: 'Altri usi', condominium: 'Usi condominiali' },
  gas: {
    domestic: 'C3 Riscaldamento, cottura e acqua calda',
    business: 'T1 Uso tecnologico',
    condominium: 'C1 Riscaldamento centralizzato',
  },
  heat: {
    domestic: 'Riscaldamento e acqua calda',
    business: 'Riscaldamento uffici',
    condominium: 'Riscaldamento centralizzato',
  },
};

function technicalData(rng: Rng, s: SupplySpec, town: Town): Record<string, string | number | null> {
  const common = { usage: USAGE_LABEL[s.commodity][s.profile] };
  switch (s.commodity) {
    case 'electricity':
      return {
        ...common,
        contractualPowerKw: s.powerKw,
        availablePowerKw: Math.round(s.powerKw * 11) / 10,
        voltage: 'Bassa tensione',
        voltageV: s.powerKw > 6 ? 400 : 230,
        phases: s.powerKw > 6 ? 'trifase' : 'monofase',
        annualConsumptionKwh: s.annual,
        meterClass: s.fullCapacityStartDate ? 'Contatore elettronico 2G' : 'Contatore elettronico 1G',
      };
    case 'gas':
      return {
        ...common,
        annualConsumptionSmc: s.annual,
        meterClass: GAS_METERS[s.profile],
        remiCode: `34${rng.digits(6)}`,
        pressure: 'Bassa pressione',
        pcsGjPerSmc: 0.03852,
      };
    case 'heat':
      return {
        ...common,
        contractualPowerKw: s.powerKw,
        annualConsumptionKwh: s.annual,
        meterClass: 'Contatore di calore MID classe 2',
        network: `Rete di teleriscaldamento di ${town.name}`,
        substation: `SST-${rng.digits(4)}`,
      };
  }
}

function identity(
  rng: Rng,
  spec: CustomerSpec,
): { name: string; fiscalCode: string; vatNumber: string | null } {
  if (spec.type === 'private' && spec.person) {
    const p = spec.person;
    return {
      name: `${p.firstName} ${p.lastName}`,
      fiscalCode: buildFiscalCode({
        surname: p.lastName,
        name: p.firstName,
        birthDate: p.birthDate,
        sex: p.sex,
        belfioreCode: p.birthTown.belfioreCode,
      }),
      vatNumber: null,
    };
  }
  // Companies use their partita IVA as fiscal code; condominiums have a numeric code starting with 9.
  if (spec.type === 'company') {
    const vat = vatNumber(rng);
    return { name: spec.name ?? 'Impresa', fiscalCode: vat, vatNumber: vat };
  }
  return { name: spec.name ?? 'Condominio', fiscalCode: vatNumber(rng, '9'), vatNumber: null };
}

export function buildCustomer(ctx: SeedContext, spec: CustomerSpec): BuiltCustomer {
  const { buffer, ids, company } = ctx;
  const id = ids.next(customers);
  const key = nextKey(ctx, 'CUS', spec.scope);
  const rng = Rng.of(ctx.seed, key);
  const who = identity(rng, spec);
  const home = pickAddress(rng, spec.town, spec.street);
  buffer.add(streets, ...ctx.streets.take(spec.town));
  buffer.add(
    customers,
    customerRow({
      id,
      key,
      companyCode: company.code,
      customerCode: `${company.index + 1}${String(ctx.counters.next(`customer-code-${company.code}`)).padStart(7, '0')}`,
      customerType: spec.type,
      name: who.name,
      firstName: spec.person?.firstName ?? null,
      lastName: spec.person?.lastName ?? null,
      fiscalCode: who.fiscalCode,
      vatNumber: who.vatNumber,
      email: spec.email,
      phoneMobile: spec.phoneMobile,
      phoneHome: spec.phoneHome,
      privacyCompany: true,
      privacyOthers: rng.chance(0.4),
      createdAt: romeInstant(spec.since, 11),
    }),
  );
  const built: BuiltCustomer = { id, key, name: who.name, fiscalCode: who.fiscalCode, contracts: [] };
  for (const contract of spec.contracts)
    built.contracts.push(buildContract(ctx, spec, contract, id, who, home, rng));
  return built;
}

function buildContract(
  ctx: SeedContext,
  customer: CustomerSpec,
  spec: ContractSpec,
  customerId: number,
  who: { name: string; fiscalCode: string; vatNumber: string | null },
  home: Address,
  rng: Rng,
): BuiltContract {
  const { buffer, ids, company } = ctx;
  const id = ids.next(contracts);
  const key = nextKey(ctx, 'CTR', customer.scope);
  const number = `10${company.index}${String(ctx.counters.next(`contract-number-${company.code}`)).padStart(7, '0')}`;
  const firstSupply = spec.supplies[0];
  const sites = spec.supplies.map((s) => (s.site ? pickAddress(rng, s.site) : home));
  const iban = spec.sepa ? italianIban(rng) : null;
  const banking: Banking | null = iban
    ? {
        iban: iban.iban,
        bic: iban.bic,
        holderName: who.name,
        holderFiscalCode: who.fiscalCode,
        state: spec.sepaState ?? null,
      }
    : null;
  buffer.add(
    contracts,
    contractRow({
      id,
      key,
      companyCode: company.code,
      customerId,
      number,
      name: `${firstSupply ? OFFERS[firstSupply.offer].name : 'Contratto'} - ${addressLine(sites[0] ?? home)}`,
      startDate: spec.startDate,
      endDate: spec.endDate ?? null,
      // Bills go to another address (the accountant, the administrator's office) on some contracts.
      shippingAddress: spec.shipping ? shippingAddress(pickAddress(rng, ctx.towns.pick(rng)), rng) : null,
      banking,
    }),
  );

  const builtSupplies: BuiltSupply[] = [];
  const supplyRows: InferInsertModel<typeof supplies>[] = [];
  spec.supplies.forEach((s, i) => {
    const site = sites[i] ?? home;
    buffer.add(streets, ...ctx.streets.take(site.town));
    const supplyId = ids.next(supplies);
    const supplyKey = nextKey(ctx, 'SUP', customer.scope);
    const code = pointCode[s.commodity](ctx.counters.next(`point-${s.commodity}`));
    supplyRows.push(
      supplyRow({
        id: supplyId,
        key: supplyKey,
        contractId: id,
        customerId,
        offerId: ctx.offerIds[s.offer],
        offerEndsOn: spec.endDate ? null : conditionsEndOn(spec.startDate, OFFERS[s.offer].months, ctx.today),
        commodity: s.commodity,
        pointCode: code,
        nickname: s.nickname,
        address: addressLine(site),
        postalCode: site.postalCode,
        locality: site.town.name,
        province: site.town.province,
        istatCode: site.town.istatCode,
        activationDate: spec.startDate,
        deactivationDate: spec.endDate ?? null,
        technicalData: technicalData(rng, s, site.town),
      }),
    );
    const hourly = s.commodity === 'electricity' && s.fullCapacityStartDate;
    buffer.add(meterGroups, {
      supplyId,
      meterSerial: `${s.commodity === 'electricity' ? 'E' : s.commodity === 'gas' ? 'G' : 'T'}${rng.digits(10)}`,
      fullCapacityStartDate: s.commodity === 'electricity' ? (s.fullCapacityStartDate ?? null) : null,
      measures: hourly
        ? [...channelsOf(s.commodity, s.registers), { ChannelTypeCode: 'CURVA', unit: 'kWh' }]
        : channelsOf(s.commodity, s.registers),
    });
    builtSupplies.push({
      id: supplyId,
      key: supplyKey,
      commodity: s.commodity,
      pointCode: code,
      nickname: s.nickname ?? null,
      address: addressLine(site),
      locality: site.town.name,
      powerKw: s.powerKw,
      annual: s.annual,
      profile: s.profile,
      ...(s.registers ? { registers: s.registers } : {}),
      offer: s.offer,
    });
  });
  buffer.add(supplies, ...supplyRows);

  const billedContract = {
    id,
    customerId,
    startDate: spec.startDate,
    endDate: spec.endDate ?? null,
    directDebit: banking !== null,
    // Electronic invoices name the customer by its tax data and address of record.
    ...(spec.billing.eInvoices
      ? {
          buyer: {
            name: who.name,
            vatNumber: who.vatNumber,
            fiscalCode: who.fiscalCode,
            address: {
              street: addressLine(home),
              postalCode: home.postalCode,
              town: home.town.name,
              province: home.town.province,
            },
          },
        }
      : {}),
    supplies: builtSupplies.map((s, i) => ({
      ...s,
      powerKw: spec.supplies[i]?.powerKw ?? 3,
      // Demo accounts' active smart meters get their hourly curve (accounts/demo-company.ts).
      curveFrom:
        customer.detail === 'full' && !spec.endDate
          ? (spec.supplies[i]?.fullCapacityStartDate ?? null)
          : null,
      name: s.nickname ?? s.pointCode,
    })),
  };
  const billing = { ...spec.billing, detail: customer.detail };
  // Demo customers are read every month; benchmark customers at the bounds of their bills only.
  const billBounds = new Set(
    billPeriods(ctx, billedContract, billing).flatMap((p) => [addDays(p.start, -1), p.end]),
  );
  const readOn = customer.detail === 'full' ? () => true : (date: string) => billBounds.has(date);
  builtSupplies.forEach((s) => {
    buildReadings(
      ctx,
      { ...s, activationDate: spec.startDate, deactivationDate: spec.endDate ?? null },
      readOn,
    );
  });

  const invoices = buildInvoices(ctx, billedContract, billing, customer.scope);
  return { id, key, number, supplies: builtSupplies, invoices };
}

/**
 * The last day of the offer's economic conditions in force on `today`: they hold `months` from the
 * contract's start and renew for as long again, so the current run ends the day before its next start.
 */
export function conditionsEndOn(start: string, months: number | null, today: string): string | null {
  if (months === null) return null;
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  for (let run = 1; ; run++) {
    const next = new Date(Date.UTC(year, month - 1 + run * months, day)).toISOString().slice(0, 10);
    if (next > today) return addDays(next, -1);
  }
}

/** Two years and a bit before today, on the 1st: a contract that already has a full history. */
export function longStanding(today: string, extraMonths: number): string {
  return `${addDays(today, -(760 + extraMonths * 30)).slice(0, 8)}01`;
}
