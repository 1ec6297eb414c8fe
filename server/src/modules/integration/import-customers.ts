// Loading a customer with its contracts and supplies from the CRM (ADR 036): keyed by the ERP's own keys
// within the brand, versioned (an older version never overwrites a newer one), in one transaction,
// each row written by the module that owns its table.
import { integration, MESSAGES, type MessageCode } from '@sportello/contract';
import {
  ibanProblem,
  isValidBic,
  isValidCompanyFiscalCode,
  isValidEmail,
  isValidFiscalCode,
  isValidMobilePhone,
  isValidPhone,
  isValidVatNumber,
  normalizeIban,
  samePhone,
} from '@sportello/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { contracts, supplies } from '@sportello/db/schema';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { SuppliesService } from '../supplies/service.js';
import {
  contentHashOf,
  fieldRefusal,
  invalid,
  RecordConflict,
  RecordRefusal,
  versionOutcome,
  type FieldRefusal,
} from './records.js';
import type { IntegrationRepository } from './repository.js';

type ImportResult = integration.ImportResult;
type CustomerRecord = integration.CustomerRecord;
type ContractRecord = CustomerRecord['contracts'][number];
type SupplyRecord = ContractRecord['supplies'][number];

/** The customer's row as its module writes it (the one-by-one load and the initial load alike). */
export const customerSpec = (brand: string, extKey: string, record: CustomerRecord) => ({
  key: `CU-${brand}-${extKey}`,
  companyCode: brand,
  customerCode: record.customerCode,
  customerType: record.customerType,
  name: record.name,
  firstName: record.firstName,
  lastName: record.lastName,
  fiscalCode: record.fiscalCode?.toUpperCase() ?? null,
  vatNumber: record.vatNumber,
  email: record.email,
  phoneMobile: record.phoneMobile,
  phoneHome: record.phoneHome,
});

export const contractSpec = (brand: string, customerId: number, contract: ContractRecord) => ({
  key: `CT-${brand}-${contract.extKey}`,
  companyCode: brand,
  customerId,
  number: contract.number,
  name: contract.name,
  startDate: contract.startDate,
  endDate: contract.endDate,
  shippingAddress: contract.shippingAddress,
  // The ERP's mandate is the one in force (state null): a change the customer asked for in the portal
  // reaches the ERP as a request (ADR 036), and the ERP's next version says what came of it.
  banking: contract.directDebit && {
    iban: normalizeIban(contract.directDebit.iban),
    bic: contract.directDebit.bic?.toUpperCase() || null,
    holderName: contract.directDebit.holderName,
    holderFiscalCode: contract.directDebit.holderFiscalCode.toUpperCase(),
    state: null,
  },
});

export const supplySpec = (
  brand: string,
  owners: { customerId: number; contractId: number },
  supply: SupplyRecord,
  /** The brand's offers by ERP key: the supply's is among them (an unknown one was refused). */
  offers: ReadonlyMap<string, { id: number }>,
) => ({
  key: `SP-${brand}-${supply.extKey}`,
  extKey: supply.extKey,
  ...owners,
  offerId: supply.offerExtKey ? offers.get(supply.offerExtKey)!.id : null,
  offerEndsOn: supply.offerEndsOn,
  commodity: supply.commodity,
  pointCode: supply.pointCode,
  address: supply.address,
  postalCode: supply.postalCode,
  locality: supply.locality,
  province: supply.province,
  activationDate: supply.activationDate,
  deactivationDate: supply.deactivationDate,
  technicalData: supply.technicalData,
  meter: supply.meter && {
    meterSerial: supply.meter.serial,
    fullCapacityStartDate: supply.meter.fullCapacityStartDate,
    measures: supply.meter.channels.map((c) => ({ ChannelTypeCode: c.code, unit: c.unit })),
  },
});

/** The ERP keys of the offers a customer's supplies are on. */
export const offerKeysOf = (record: CustomerRecord) =>
  record.contracts.flatMap((c) => c.supplies.flatMap((s) => (s.offerExtKey ? [s.offerExtKey] : [])));

/** A person's 16-character fiscal code or a company's 11 digits, each with its check character. */
const isValidAnyFiscalCode = (code: string) => isValidFiscalCode(code) || isValidCompanyFiscalCode(code);

/** The contacts and tax codes of a customer record, checked as the portal checks them (@sportello/domain). */
function contactProblems(record: CustomerRecord): FieldRefusal[] {
  const checks: [field: string, value: string | null, valid: (v: string) => boolean, code: MessageCode][] = [
    ['email', record.email, isValidEmail, 'invalid_email'],
    ['phoneMobile', record.phoneMobile, isValidMobilePhone, 'invalid_mobile_phone'],
    ['phoneHome', record.phoneHome, isValidPhone, 'invalid_phone'],
    ['fiscalCode', record.fiscalCode, isValidAnyFiscalCode, 'invalid_fiscal_code'],
    ['vatNumber', record.vatNumber, isValidVatNumber, 'invalid_vat_number'],
  ];
  return checks.flatMap(([field, value, valid, code]) =>
    value && !valid(value) ? [fieldRefusal(field, code)] : [],
  );
}

/** Two periods of a point overlap (an open end runs on): a POD is supplied by one supply at a time. */
const periodsOverlap = (
  a: { activationDate: string; deactivationDate: string | null },
  b: { activationDate: string; deactivationDate: string | null },
) =>
  a.activationDate < (b.deactivationDate ?? '9999-12-31') &&
  b.activationDate < (a.deactivationDate ?? '9999-12-31');

/** The record's supplies with their paths (`contracts.0.supplies.1`). */
const suppliesWithPaths = (record: CustomerRecord) =>
  record.contracts.flatMap((contract, c) =>
    contract.supplies.map((supply, s) => ({ supply, path: `contracts.${c}.supplies.${s}` })),
  );

/** A point code the record gives two of its supplies over the same days. */
function duplicatedPoints(record: CustomerRecord): FieldRefusal[] {
  const all = suppliesWithPaths(record);
  return all.flatMap(({ supply, path }, i) =>
    all
      .slice(0, i)
      .some(
        (earlier) => earlier.supply.pointCode === supply.pointCode && periodsOverlap(earlier.supply, supply),
      )
      ? [fieldRefusal(`${path}.pointCode`, 'point_code_duplicated')]
      : [],
  );
}

/**
 * The parsed customer, or its refusal with the fields refused: the schema's; its e-mail, mobile and
 * home phone, fiscal code and VAT number, a mandate's IBAN, BIC and holder's fiscal code checked as
 * the portal checks them (@sportello/domain), each field with its code; a point code given twice.
 */
export function parseCustomer(input: unknown): CustomerRecord {
  const parsed = integration.customerRecord.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const mandates = parsed.data.contracts.flatMap(({ directDebit }, i) => {
    if (!directDebit) return [];
    const at = `contracts.${i}.directDebit`;
    const problem = ibanProblem(directDebit.iban);
    return [
      ...(problem ? [fieldRefusal(`${at}.iban`, problem)] : []),
      ...(directDebit.bic && !isValidBic(directDebit.bic) ? [fieldRefusal(`${at}.bic`, 'invalid_bic')] : []),
      ...(isValidAnyFiscalCode(directDebit.holderFiscalCode.toUpperCase())
        ? []
        : [fieldRefusal(`${at}.holderFiscalCode`, 'invalid_holder_fiscal_code')]),
    ];
  });
  const errors = [...contactProblems(parsed.data), ...mandates];
  if (errors.length > 0) throw new RecordRefusal('invalid_input', errors);
  const duplicated = duplicatedPoints(parsed.data);
  if (duplicated.length > 0) throw new RecordRefusal('point_code_duplicated', duplicated);
  return parsed.data;
}

/** A supply of the brand on a point code, as `suppliesOnPoints` answers it. */
type SupplyOnPoint = {
  extKey: string;
  pointCode: string;
  customerId: number;
  activationDate: string;
  deactivationDate: string | null;
};

/**
 * What the brand already holds refuses of a customer record, read by one statement each for a record
 * or a batch: an offer not loaded, or of another commodity than its supply; a point code another
 * customer's supply is on over the same days (`point_code_taken`), or another supply of this customer
 * that the record leaves out (`point_code_duplicated`: a supply left out keeps what it was, so the ERP
 * ends it by sending it with its `deactivationDate`). `customerId` is the customer's, if loaded.
 */
export function heldConflicts(
  record: CustomerRecord,
  customerId: number | null,
  offers: ReadonlyMap<string, { commodity: string }>,
  onPoints: readonly SupplyOnPoint[],
): RecordRefusal | null {
  const supplies = suppliesWithPaths(record);
  for (const { supply, path } of supplies) {
    if (!supply.offerExtKey) continue;
    const offer = offers.get(supply.offerExtKey);
    if (!offer)
      return new RecordRefusal('unknown_offer', [
        { field: `${path}.offerExtKey`, code: 'unknown_offer', message: supply.offerExtKey },
      ]);
    if (offer.commodity !== supply.commodity)
      return new RecordRefusal('offer_commodity_mismatch', [
        fieldRefusal(`${path}.offerExtKey`, 'offer_commodity_mismatch'),
      ]);
  }
  const inRecord = new Set(supplies.map(({ supply }) => supply.extKey));
  for (const { supply, path } of supplies) {
    const other = onPoints.find(
      (held) =>
        held.pointCode === supply.pointCode && !inRecord.has(held.extKey) && periodsOverlap(held, supply),
    );
    if (!other) continue;
    const code = other.customerId === customerId ? 'point_code_duplicated' : 'point_code_taken';
    return new RecordRefusal(code, [{ field: `${path}.pointCode`, code, message: MESSAGES[code] }]);
  }
  return null;
}

/** A contact the ERP sends as the portal holds it: e-mails whatever their case, mobiles whatever their form. */
function sameContact(contact: 'email' | 'phoneMobile', sent: string | null, held: string) {
  if (sent === null) return false;
  return contact === 'email'
    ? sent.trim().toLowerCase() === held.trim().toLowerCase()
    : samePhone(sent, held);
}

/** The point codes of a customer record's supplies. */
export const pointCodesOf = (record: CustomerRecord) =>
  record.contracts.flatMap((c) => c.supplies.map((s) => s.pointCode));

export function createCustomerImport(deps: {
  db: Db;
  repository: IntegrationRepository;
  customers: CustomersService;
  contracts: ContractsService;
  supplies: SuppliesService;
}) {
  const { db, repository } = deps;

  /**
   * A contact proven in the portal is the portal's (ADR 065): a version with another value (or none) is
   * the `contact_proven_in_portal` conflict, naming who proved it; one with the same value is the ERP
   * agreeing, and the contact is the ERP's again from then on.
   */
  async function checkContactClaims(
    tx: Db,
    held: { entityId: number; version: number },
    record: CustomerRecord,
  ) {
    const claims = await deps.customers.contactClaims(tx, held.entityId);
    const differing = claims.filter((c) => !sameContact(c.contact, record[c.contact], c.value));
    const [first] = differing;
    if (first)
      throw new RecordConflict(
        'contact_proven_in_portal',
        held.version,
        {
          by: first.staffUserId === null ? 'customer' : 'staff',
          staffId: first.staffUserId === null ? null : String(first.staffUserId),
          username: first.username,
          at: first.changedAt.toISOString(),
        },
        differing.map((c) => fieldRefusal(c.contact, 'contact_proven_in_portal')),
      );
    await deps.customers.releaseContactClaims(
      tx,
      held.entityId,
      claims.map((c) => c.contact),
    );
  }

  /** The load of one parsed customer in the caller's transaction (a refusal throws RecordRefusal). */
  async function writeCustomer(
    tx: Db,
    brand: string,
    extKey: string,
    record: CustomerRecord,
    now: Date,
    contentHash = contentHashOf(record),
  ): Promise<ImportResult> {
    // The brand's points before the key: an initial load's batch holds them alone (repository.ts).
    await repository.gatePoints(tx, brand, 'shared');
    const held = await repository.lockRecord(tx, { companyCode: brand, kind: 'customer', extKey });
    const outcome = versionOutcome(held, record.version, contentHash);
    if (outcome === 'stale' || outcome === 'unchanged') return { extKey, outcome, version: held!.version };

    if (held) await checkContactClaims(tx, held, record);
    // Another customer's load on the same points waits here, then reads the supply it wrote.
    await repository.lockPoints(tx, brand, pointCodesOf(record));
    const offers = await deps.supplies.offersByExtKey(tx, brand, offerKeysOf(record));
    const onPoints = await deps.supplies.suppliesOnPoints(tx, brand, pointCodesOf(record));
    const conflict = heldConflicts(record, held?.entityId ?? null, offers, onPoints);
    if (conflict) throw conflict;
    const sameCode = await deps.customers.idByCode(tx, brand, record.customerCode);
    if (sameCode !== null && sameCode !== held?.entityId) throw new RecordRefusal('customer_code_taken');
    const customerId = await deps.customers.saveFromErp(
      tx,
      customerSpec(brand, extKey, record),
      held?.entityId ?? null,
    );
    await repository.saveRecord(
      tx,
      { companyCode: brand, kind: 'customer', extKey },
      customerId,
      record.version,
      now,
      contentHash,
    );

    for (const contract of record.contracts) {
      const key = { companyCode: brand, kind: 'contract' as const, extKey: contract.extKey };
      const heldContract = await repository.lockRecord(tx, key);
      if (heldContract) {
        const [row] = await tx
          .select({ customerId: contracts.customerId })
          .from(contracts)
          .where(eq(contracts.id, heldContract.entityId));
        // A contract never changes hands (ADR 027: owners never change).
        if (row && row.customerId !== customerId) throw new RecordRefusal('contract_moved');
      }
      const contractId = await deps.contracts.saveFromErp(
        tx,
        contractSpec(brand, customerId, contract),
        heldContract?.entityId ?? null,
      );
      // A contract's and a supply's content is compared through their customer's.
      await repository.saveRecord(tx, key, contractId, record.version, now, null);

      for (const supply of contract.supplies) {
        const supplyKey = { companyCode: brand, kind: 'supply' as const, extKey: supply.extKey };
        const heldSupply = await repository.lockRecord(tx, supplyKey);
        // The portal's useExtKey names a supply by its ERP key alone: one row per key, whatever the brand.
        if (!heldSupply && (await deps.supplies.idByExtKey(tx, supply.extKey)) !== null)
          throw new RecordRefusal('ext_key_taken');
        if (heldSupply) {
          const [row] = await tx
            .select({ customerId: supplies.customerId, contractId: supplies.contractId })
            .from(supplies)
            .where(eq(supplies.id, heldSupply.entityId));
          // Neither its customer nor its contract changes (ADR 027: owners never change).
          if (row && (row.customerId !== customerId || row.contractId !== contractId))
            throw new RecordRefusal('supply_moved');
        }
        const supplyId = await deps.supplies.saveFromErp(
          tx,
          supplySpec(brand, { customerId, contractId }, supply, offers),
          heldSupply?.entityId ?? null,
        );
        await repository.saveRecord(tx, supplyKey, supplyId, record.version, now, null);
      }
    }
    return { extKey, outcome, version: record.version };
  }

  async function importCustomer(
    brand: string,
    extKey: string,
    input: unknown,
    now: Date,
  ): Promise<ImportResult> {
    const record = parseCustomer(input);
    return db.transaction((tx) => writeCustomer(tx, brand, extKey, record, now));
  }

  return { importCustomer, writeCustomer };
}
