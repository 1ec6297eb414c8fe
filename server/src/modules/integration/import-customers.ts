// Loading a customer with its contracts and supplies from the CRM (ADR 036): keyed by the ERP's own keys
// within the brand, versioned (an older version never overwrites a newer one), in one transaction,
// each row written by the module that owns its table.
import { integration, MESSAGES } from '@sportello/contract';
import { ibanProblem, isValidBic, normalizeIban } from '@sportello/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { contracts, supplies } from '@sportello/db/schema';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { SuppliesService } from '../supplies/service.js';
import { contentHashOf, invalid, RecordRefusal, versionOutcome } from './records.js';
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
  offerIds: ReadonlyMap<string, number>,
) => ({
  key: `SP-${brand}-${supply.extKey}`,
  extKey: supply.extKey,
  ...owners,
  offerId: supply.offerExtKey ? offerIds.get(supply.offerExtKey)! : null,
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

/**
 * The parsed customer, or its refusal with the fields refused: the schema's, and a mandate's IBAN and
 * BIC checked as the portal's bank-account request checks them (@sportello/domain).
 */
export function parseCustomer(input: unknown): CustomerRecord {
  const parsed = integration.customerRecord.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const errors = parsed.data.contracts.flatMap(({ directDebit }, i) => {
    if (!directDebit) return [];
    const at = `contracts.${i}.directDebit`;
    const problem = ibanProblem(directDebit.iban);
    return [
      ...(problem ? [{ field: `${at}.iban`, message: MESSAGES[problem] }] : []),
      ...(directDebit.bic && !isValidBic(directDebit.bic)
        ? [{ field: `${at}.bic`, message: MESSAGES.invalid_bic }]
        : []),
    ];
  });
  if (errors.length > 0) throw new RecordRefusal('invalid_input', errors);
  return parsed.data;
}

export function createCustomerImport(deps: {
  db: Db;
  repository: IntegrationRepository;
  customers: CustomersService;
  contracts: ContractsService;
  supplies: SuppliesService;
}) {
  const { db, repository } = deps;

  /** The load of one parsed customer in the caller's transaction (a refusal throws RecordRefusal). */
  async function writeCustomer(
    tx: Db,
    brand: string,
    extKey: string,
    record: CustomerRecord,
    now: Date,
    contentHash = contentHashOf(record),
  ): Promise<ImportResult> {
    const held = await repository.lockRecord(tx, { companyCode: brand, kind: 'customer', extKey });
    const outcome = versionOutcome(held, record.version, contentHash);
    if (outcome === 'stale' || outcome === 'unchanged') return { extKey, outcome, version: held!.version };

    const offerIds = await deps.supplies.offerIdsByExtKey(tx, brand, offerKeysOf(record));
    const unknownOffer = offerKeysOf(record).find((key) => !offerIds.has(key));
    if (unknownOffer)
      throw new RecordRefusal('unknown_offer', [{ field: 'offerExtKey', message: unknownOffer }]);
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
          supplySpec(brand, { customerId, contractId }, supply, offerIds),
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
