// The integration module's service (ADR 036): machine clients (clients.ts), loading customers
// (import-customers.ts) and bills (import-bills.ts), one by one or as an NDJSON batch (batch.ts).
import type { Db } from '@sportello/db/client';
import type { ComplaintsService } from '../complaints/service.js';
import type { MessagesService } from '../messages/service.js';
import type { MeteringService } from '../metering/service.js';
import type { PriceChangesService } from '../price-changes/service.js';
import type { ProposalsService } from '../proposals/service.js';
import type { RegistrationService } from '../registration/service.js';
import type { RequestsService } from '../requests/service.js';
import { createBrands } from './brands.js';
import { createReconciliation } from './reconcile.js';
import { createDelegationRevocation } from './revoke-delegation.js';
import { createRecordKinds, type AnyKind, type RecordKindName } from './kinds.js';
import { createNotices } from './notices.js';
import { createVersionedLoader } from './versioned.js';
import { createCancellations } from './cancellations.js';
import { createReadBack } from './read-back.js';
import { readFeed } from '../../platform/events/outbox.js';
import type { TokenKeys } from '../../platform/machine/tokens.js';
import type { ContractsService } from '../contracts/service.js';
import type { CustomersService } from '../customers/service.js';
import type { DocumentsService } from '../documents/service.js';
import type { InvoicesService } from '../invoices/service.js';
import type { SettingsService } from '../settings/service.js';
import type { SuppliesService } from '../supplies/service.js';
import { loadBatch, loadOne } from './batch.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import { createClients } from './clients.js';
import { createBillImport } from './import-bills.js';
import { createCustomerImport } from './import-customers.js';
import { createInitialLoad } from './initial-load.js';
import type { IntegrationRepository } from './repository.js';
import { eventForScopes } from './event-masking.js';
import { createWebhooks, type WebhookOptions } from './webhooks.js';
import type { SecretsKey } from '../../platform/secrets/secret-box.js';

/**
 * Wrong secrets a client id may be tried with from one address in 15 minutes: refused there only, so a
 * guesser elsewhere cannot lock the real client out (as a login's username, ADR 012).
 */
const TOKEN_FAILURES_PER_CLIENT_ADDRESS = { limit: 10, windowMs: 15 * 60_000, over: 'refuse' } as const;
/** From every address together, past this many each further try waits longer, never refused. */
const TOKEN_FAILURES_PER_CLIENT = { limit: 10, windowMs: 15 * 60_000, over: 'slow' } as const;
/** Wrong secrets from one address in 15 minutes, whatever client id they name. */
const TOKEN_FAILURES_PER_ADDRESS = { limit: 50, windowMs: 15 * 60_000, over: 'refuse' } as const;

export function createIntegrationService(deps: {
  db: Db;
  repository: IntegrationRepository;
  keys: TokenKeys;
  /** Seal the webhooks' secrets where they rest (ADR 049). */
  secretsKeys: readonly SecretsKey[];
  customers: CustomersService;
  contracts: ContractsService;
  supplies: SuppliesService;
  invoices: InvoicesService;
  documents: DocumentsService;
  settings: SettingsService;
  metering: MeteringService;
  requests: RequestsService;
  complaints: ComplaintsService;
  messages: MessagesService;
  proposals: ProposalsService;
  priceChanges: PriceChangesService;
  /** Only to revoke a delegation as the holder and the care staff do (ADR 047). */
  registration: RegistrationService;
  throttle: Throttle;
  webhookPolicy: WebhookOptions;
}) {
  const { importCustomer, writeCustomer } = createCustomerImport(deps);
  const kinds = createRecordKinds(deps);
  const notices = createNotices(deps);
  const { loadVersioned, writeVersioned } = createVersionedLoader({
    db: deps.db,
    repository: deps.repository,
    notices,
  });
  const { importBill, writeBill, storeBillPdf } = createBillImport({ ...deps, notices });
  const clients = createClients({
    repository: deps.repository,
    keys: deps.keys,
    brandExists: (code) => deps.settings.isKnownCompany(code),
  });
  const webhooks = createWebhooks(deps.db, { ...deps.webhookPolicy, secretsKeys: deps.secretsKeys });
  const readBack = createReadBack(deps);
  return {
    /** Records read back by the ERP's key (ADR 056). */
    readBack,
    /** A bill cancelled, a message or proposal withdrawn (ADR 056). */
    ...createCancellations({ ...deps, readBack }),
    clients,
    /**
     * The token call, throttled as a login is (ADR 012): wrong secrets count per client id and
     * address, per client id and per address, a right one takes its count back; past a refusing
     * limit the answer is 429 before any check.
     */
    async issueToken(clientId: string, secret: string, clientAddress: string, now: Date) {
      const client = clientId.slice(0, 40);
      const attempt = await deps.throttle.attempt(
        [
          {
            key: `integration-token:client-ip:${client}:${clientAddress}`,
            ...TOKEN_FAILURES_PER_CLIENT_ADDRESS,
          },
          { key: `integration-token:client:${client}`, ...TOKEN_FAILURES_PER_CLIENT },
          { key: `integration-token:ip:${clientAddress}`, ...TOKEN_FAILURES_PER_ADDRESS },
        ],
        now,
      );
      const issued = await clients.issueToken(clientId, secret, now);
      if (issued) await attempt.succeeded();
      return issued;
    },
    putCustomer: (brand: string, extKey: string, record: unknown, now: Date) =>
      loadOne(extKey, () => importCustomer(brand, extKey, record, now)),
    importCustomers: (brand: string, lines: readonly string[], now: Date) =>
      loadBatch(lines, (extKey, record) => importCustomer(brand, extKey, record, now)),
    putBill: (brand: string, extKey: string, record: unknown, now: Date) =>
      loadOne(extKey, () => importBill(brand, extKey, record, now)),
    importBills: (brand: string, lines: readonly string[], now: Date) =>
      loadBatch(lines, (extKey, record) => importBill(brand, extKey, record, now)),
    revokeDelegation: createDelegationRevocation(deps),
    /** A bill's PDF (its base64), stored as the bill's document. */
    putBillPdf: (brand: string, extKey: string, contentBase64: string) =>
      loadOne(extKey, () => storeBillPdf(brand, extKey, contentBase64)),
    /** One record of a kind of ADR 040 by its key (PUT). */
    put: (kind: RecordKindName, brand: string, extKey: string, record: unknown, now: Date) =>
      loadOne(extKey, () => loadVersioned(kinds[kind] as AnyKind, brand, extKey, record, now)),
    /** An NDJSON batch of a kind of ADR 040, one result a line. */
    batch: (kind: RecordKindName, brand: string, lines: readonly string[], now: Date) =>
      loadBatch(lines, (extKey, record) => loadVersioned(kinds[kind] as AnyKind, brand, extKey, record, now)),
    /** The initial load from files (ADR 046): `npm run integration -- load …`. */
    initialLoad: createInitialLoad({ ...deps, writeCustomer, writeBill, kinds, writeVersioned }),
    notices,
    webhooks,
    /** New brands, with the `admin` scope or the CLI (ADR 057). */
    brands: createBrands(deps.settings),
    /** Counts, checksums and the records that differ from the ERP's list (ADR 057). */
    reconciliation: createReconciliation(deps.db),
    /** Seals the signing key and the webhooks' secrets where they rest, at a process's start (ADR 049). */
    async sealStoredSecrets() {
      await deps.keys.ready();
      await webhooks.sealStoredSecrets();
    },
    /** The brand's customer actions after a cursor (platform/events/outbox.ts), as these scopes read them. */
    async events(brand: string, after: number, limit: number, scopes: readonly string[]) {
      const page = await readFeed(deps.db, brand, after, limit);
      return { ...page, events: page.events.map((event) => eventForScopes(event, scopes)) };
    },
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
