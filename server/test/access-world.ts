// What the generated suites need beyond the contract: who the actors are, which identifiers each one
// holds for every kind of entity a call can reach (`reaches` in packages/contract), the few inputs a
// schema cannot tell (a password, an address that exists), and how a call's input becomes a request.
// A call that reaches a kind missing here fails the access suite with a message that points here.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Call, EntityKind, EntityRef, Reach } from '@sportello/contract';
import { fillPath } from '@sportello/contract';
import {
  FIXTURE_ARCHIVE_KEYS,
  FIXTURE_END_LINK_TOKENS,
  FIXTURE_HANDOVER_CODES,
  FIXTURE_PASSKEY_KEYS,
  FIXTURE_PERSONAL_TOKEN_KEYS,
  FIXTURE_PERSONAL_TOKENS,
  FIXTURE_REVOCABLE_TOKEN_KEYS,
  FIXTURE_SESSION_KEYS,
  PASSWORD,
} from './fixture.js';
import type { TestContext } from './app.js';
import type { SupplyFixture } from './supply-fixture.js';
import {
  ACCESSIBILITY_FIXTURE,
  GUEST_COMPLAINT_FIXTURE,
  IBAN,
  HOLDER_FISCAL_CODE,
} from './supply-fixture.js';
import { exampleOf } from './schema-values.js';
import { addDays, todayInRome } from '@sportello/domain';

/** owner: a customer's own user; delegate: a user reaching customers by delegation; other: a stranger. */
export type Role = 'owner' | 'delegate' | 'other';
/** guest: identifiers a guest session legitimately holds; guestRefused: ones it must be refused. */
export type Holder = Role | 'guest' | 'guestRefused';
export const USERNAMES: Record<Role, string> = { owner: 'mario', delegate: 'luca', other: 'franco' };

type Form = EntityRef extends `${string}.${infer F}` ? F : never;
type Forms = Partial<Record<Form, string>>;
export type Identifiers = Partial<Record<EntityKind, Partial<Record<Holder, Forms>>>>;

export type Sessions = Record<Role | 'guest', string>;

/**
 * Identifiers per kind and holder. The delegate's own are Anna's (reached only by delegation) where she
 * has some, else Mario's (also delegated to Luca); the stranger Franco's customer is one Luca holds a
 * pending delegation for, so refusing it also proves a pending delegation gives nothing.
 */
export function identifiers(ctx: TestContext & { world: SupplyFixture }, sessions: Sessions): Identifiers {
  const { fixture: f, world: w } = ctx;
  const row = (r: { id: number; key: string } | undefined, what: string) => {
    if (!r) throw new Error(`access fixture: ${what} missing`);
    return { id: String(r.id), key: r.key };
  };
  const byKey = <T extends { id: number; key: string }>(rows: Record<string, T>, key: string) =>
    row(rows[key], key);
  const offer = (key: string) => ({ ...byKey(w.offers, key), extKey: `EXT-${key}` });
  const supply = (key: string) => ({ ...byKey(w.supplies, key), extKey: `EXT-${key}` });
  const invoice = (key: string) => ({ ...byKey(w.invoices, key), extKey: `EXT-${key}` });
  return {
    customer: {
      owner: row(f.mario, 'mario'),
      delegate: row(f.anna, 'anna'),
      other: row(f.stranger, 'stranger'),
    },
    contract: {
      owner: byKey(w.contracts, 'CTR-1'),
      delegate: byKey(w.contracts, 'CTR-2'),
      other: byKey(w.contracts, 'CTR-3'),
    },
    supply: {
      owner: supply('SUP-1'),
      // Mario's, reached by delegation: Anna's supply has no meter group.
      delegate: supply('SUP-1'),
      other: supply('SUP-4'),
    },
    offer: { owner: offer('OFF-1'), delegate: offer('OFF-3'), other: offer('OFF-2') },
    // INV-10 and INV-11 are unpaid and recent: paying them and asking installments both succeed.
    invoice: {
      owner: invoice('INV-10'),
      delegate: invoice('INV-11'),
      other: invoice('INV-9'),
    },
    document: {
      owner: byKey(w.documents, 'DOC-M'),
      delegate: byKey(w.documents, 'DOC-A'),
      other: byKey(w.documents, 'DOC-F9'),
    },
    // Mario's report, reached by the delegate through his delegation; the stranger's own.
    maintenanceDocument: {
      owner: { id: String(w.maintenanceDocuments.mario.id) },
      delegate: { id: String(w.maintenanceDocuments.mario.id) },
      other: { id: String(w.maintenanceDocuments.stranger.id) },
    },
    payment: {
      owner: byKey(w.payments, 'PAY-M'),
      delegate: byKey(w.payments, 'PAY-A'),
      other: byKey(w.payments, 'PAY-F'),
    },
    message: {
      owner: byKey(w.messages, 'MSG-1'),
      delegate: byKey(w.messages, 'MSG-A'),
      other: byKey(w.messages, 'MSG-9'),
    },
    request: {
      owner: byKey(w.requests, 'REQ-M1'),
      delegate: byKey(w.requests, 'REQ-A1'),
      other: byKey(w.requests, 'REQ-F1'),
    },
    notification: {
      owner: { id: String(f.marioNote.id) },
      delegate: { id: String(f.lucaNote.id) },
      other: { id: String(f.francoNote.id) },
    },
    user: {
      owner: row(f.marioUser, 'mario user'),
      delegate: row(f.lucaUser, 'luca user'),
      other: row(f.francoUser, 'franco user'),
    },
    session: {
      owner: { id: sessions.owner },
      delegate: { id: sessions.delegate },
      other: { id: sessions.other },
      guest: { id: sessions.guest },
      guestRefused: { id: sessions.other },
    },
    // Each user's session on another device; the delegate's own is Luca's (a session is a user's).
    userSession: {
      owner: { key: FIXTURE_SESSION_KEYS.mario },
      delegate: { key: FIXTURE_SESSION_KEYS.luca },
      other: { key: FIXTURE_SESSION_KEYS.franco },
    },
    // Tokens to revoke: the actors' first ones (TOKENS) make the token calls.
    personalToken: {
      owner: { key: FIXTURE_REVOCABLE_TOKEN_KEYS.mario },
      delegate: { key: FIXTURE_REVOCABLE_TOKEN_KEYS.luca },
      other: { key: FIXTURE_PERSONAL_TOKEN_KEYS.franco },
    },
    // Each user's own archive; the delegate's is Luca's (an archive is its user's).
    dataArchive: {
      owner: { key: FIXTURE_ARCHIVE_KEYS.mario },
      delegate: { key: FIXTURE_ARCHIVE_KEYS.luca },
      other: { key: FIXTURE_ARCHIVE_KEYS.franco },
    },
    // Each user's passkey (ADR 038); the delegate's own is Luca's (a passkey is a user's).
    passkey: {
      owner: { key: FIXTURE_PASSKEY_KEYS.mario },
      delegate: { key: FIXTURE_PASSKEY_KEYS.luca },
      other: { key: FIXTURE_PASSKEY_KEYS.franco },
    },
    proposal: {
      owner: byKey(w.proposals, 'PRP-M'),
      delegate: byKey(w.proposals, 'PRP-A'),
      other: byKey(w.proposals, 'PRP-X'),
    },
    complaint: {
      owner: byKey(w.complaints, 'RCL-M'),
      delegate: byKey(w.complaints, 'RCL-A'),
      other: byKey(w.complaints, 'RCL-F'),
    },
    workflow: { owner: { id: 'WF-M' }, delegate: { id: 'WF-A' }, other: { id: 'WF-X' } },
    link: {
      owner: { hashCode: 'msg-mario' },
      delegate: { hashCode: 'msg-anna' },
      other: { hashCode: 'msg-franco' },
      // A link of modules 4-9 is what a guest may follow (SPEC §6); an invoice link (module 1) is not.
      guest: { hashCode: 'msg-mario' },
      guestRefused: { hashCode: 'inv-mario' },
    },
  };
}

/** Texts that would show the stranger's data leaked into an answer. */
export function strangerMarkers(ids: Identifiers): string[] {
  const forms = Object.values(ids).flatMap((byHolder) => Object.values(byHolder?.other ?? {}));
  return [...forms.filter((v) => !/^\d+$/.test(v)), 'Franco', '100003', 'cus-other@example.it'];
}

export interface CallInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}
export const PARTS = ['params', 'query', 'body'] as const;
export type Part = (typeof PARTS)[number];

/**
 * Inputs the schema cannot tell: a real password, an address the address check passes, a complete
 * mandate. Everything else comes from the schema; identifier fields from `identifiers`.
 */
const fiscalDataOf = (holder: Holder) =>
  holder === 'delegate'
    ? { customerType: 'private', customerCode: '100002', taxCode: 'VRDNNA85T50H501B' }
    : { customerType: 'private', customerCode: '100001', taxCode: 'RSSMRA80A01H501U' };

let handoversSpent = 0;
let endLinksSpent = 0;
/** Each holder writes under its own e-mail: each counts under its own per-e-mail limit. */
const accessibilityReport = (holder: Holder) => ({
  name: 'Giulia Verdi',
  email: `accessibile-${holder}@example.it`,
  description: 'Il totale non viene letto',
  privacy: true,
  company: 'sga',
});

const FREE_CUSTOMER = { customerType: 'private', customerCode: '100008', taxCode: 'NRELBR70A01H501I' };

const SAMPLES: Record<string, (holder: Holder) => Partial<CallInput>> = {
  createSession: () => ({ body: { company: 'sga' } }),
  login: (holder) => ({
    body: { username: USERNAMES[holder === 'delegate' ? 'delegate' : 'owner'], password: PASSWORD },
  }),
  requestShippingAddress: () => ({
    body: {
      shippingAddress: {
        streetName: 'Via Garibaldi',
        civicNumber: '1',
        city: 'Roma',
        province: 'RM',
        postalCode: '00153',
      },
    },
  }),
  requestBankAccountChange: () => ({
    body: {
      operation: 'activate',
      iban: IBAN,
      holderName: 'Mario Rossi',
      holderFiscalCode: HOLDER_FISCAL_CODE,
    },
  }),
  // The reached ids are filled in by the suite; the items name the holder's own unpaid bill. The suite's
  // earlier calls may have put its contract on direct debit: paying it now is then an explicit choice.
  createPayment: (holder) => ({
    body: {
      payKind: 'Invoices',
      items: [{ id: holder === 'delegate' ? 'INV-11' : 'INV-10' }],
      skipDirectDebit: true,
    },
  }),
  modifyPayment: () => ({ body: { userOutcome: 'OK' } }),
  // A range the server accepts (from before to, within the widest one answer covers).
  getConsumptions: () => ({ query: { from: '2025-10-01', to: '2025-11-01', granularity: 'month' } }),
  listQuotations: () => ({ query: { startDate: '2025-10-01', endDate: '2025-10-02' } }),
  // SUP-1's registers; its window is open in the fixture. One token: the delegate's replay is answered
  // with the reading the owner recorded.
  insertReadings: () => ({ body: { submissionToken: 'access-suite-1', values: { EA: '1200', ER: '300' } } }),
  executeWorkflowTask: () => ({ body: { reply: 'confirm', taskName: 'ConfermaAppuntamento' } }),
  // Both act on Mario's SUP-1: each asks a different service, or the second would be refused.
  requestServiceActivation: (holder) => ({ body: { serviceIndex: holder === 'delegate' ? 4 : 5 } }),
  requestInformation: () => ({
    body: {
      subject: 'bolletta',
      description: 'Vorrei informazioni',
      mobilephone: '3331234567',
      company: 'sga',
    },
  }),
  // The writer's own e-mail: each holder counts under its own per-e-mail limit.
  requestGuestContact: (holder) => ({
    body: {
      name: 'Maria Bianchi',
      clientCode: '100001',
      email: `scrive-${holder}@example.it`,
      privacy: true,
      subject: 'altro',
      description: 'Vorrei informazioni',
      mobilephone: '3331234567',
      company: 'sga',
    },
  }),
  sendAccessibilityFeedback: (holder) => ({ body: accessibilityReport(holder) }),
  sendGuestAccessibilityFeedback: (holder) => ({ body: accessibilityReport(holder) }),
  // The fixture's report (supply-fixture.ts): found by its reference and e-mail by anyone who has them.
  findAccessibilityFeedback: () => ({
    body: { reference: ACCESSIBILITY_FIXTURE.reference, email: ACCESSIBILITY_FIXTURE.email },
  }),
  fileComplaint: () => ({
    body: { category: 'contract', body: 'Il contratto non è chiaro.', contactPreference: 'email' },
  }),
  // The fixture's complaint filed without an account: found by anyone who has its number and code.
  lookUpGuestComplaint: () => ({
    body: { key: GUEST_COMPLAINT_FIXTURE.key, code: GUEST_COMPLAINT_FIXTURE.code },
  }),
  // TIQV's minimum content naming Mario's POD and surname; the writer's own e-mail (its own limit).
  fileGuestComplaint: (holder) => ({
    body: {
      firstName: 'Mario',
      lastName: 'Rossi',
      supplyAddress: 'Via Roma 1, Roma',
      commodity: 'electricity',
      pointCode: 'IT001E00000001',
      email: `reclama-${holder}@example.it`,
      category: 'contract',
      body: 'Il contratto non è chiaro.',
      contactPreference: 'email',
    },
  }),
  // Registration names customers by client code and tax code (proof of knowledge): the holder's own.
  // A customer without a user (one with a user is told it is registered): the fixture's free one.
  checkFiscalData: () => ({ body: FREE_CUSTOMER }),
  registrationCodeStart: () => ({ body: { ...FREE_CUSTOMER, channel: 'email' } }),
  // A proof that never holds: reaching the customer is what this walk checks, not the proof.
  associateContractToUser: (holder) => ({
    body: { ...fiscalDataOf(holder), proof: { invoiceNumber: 'NESSUNA', invoiceTotal: '1,00' } },
  }),
  requestDelegation: () => ({ body: { customerCode: '100002', taxCode: 'VRDNNA85T50H501B' } }),
  createUser: (holder) => ({
    body: {
      username: `nuovo${holder}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      privacyConsent: true,
      delegate: {
        firstName: 'Nuovo',
        lastName: 'Delegato',
        email: 'nuovo@example.it',
        phoneMobile: '3331234567',
        address: {
          streetName: 'Via Garibaldi',
          civicNumber: '1',
          city: 'Roma',
          province: 'RM',
          postalCode: '00153',
        },
      },
    },
  }),
  startPasswordReset: () => ({ body: { username: 'mario' } }),
  // The fixture's single-use password links (a guest holds none), of users the suite never logs in
  // as: the new password must differ from the old one.
  completePasswordReset: (holder) => ({
    body: {
      token: { owner: 'reset-anna', delegate: 'reset-lead' }[holder as string] ?? 'reset-none',
      password: 'Reimpostata2026!',
      confirmPassword: 'Reimpostata2026!',
    },
  }),
  // Each exchange spends its code: the next of the fixture's every time.
  exchangeSessionHandover: () => ({
    body: { code: FIXTURE_HANDOVER_CODES[handoversSpent++ % FIXTURE_HANDOVER_CODES.length] },
  }),
  // An expiry a month after the fixture's day, within the year a token may live.
  createPersonalToken: () => ({
    body: { name: 'Home Assistant', expiresOn: addDays(todayInRome(new Date()), 30) },
  }),
  personalConsumptions: () => ({
    query: { from: '2025-10-01', to: '2025-11-01', granularity: 'month' },
  }),
  personalPrices: () => ({ query: { startDate: '2025-10-01', endDate: '2025-10-02' } }),
  // Each end link ends its own session of mario's, once: the next of the fixture's every time.
  endSessionByLink: () => ({
    body: { token: FIXTURE_END_LINK_TOKENS[endLinksSpent++ % FIXTURE_END_LINK_TOKENS.length] },
  }),
  emailCheck: () => ({ body: { email: 'nuova@example.it' } }),
  phoneCheck: () => ({ body: { phone: '3331234567' } }),
  requestAccountData: () => ({ body: { firstName: 'Mariano' } }),
  // No workflow of the caller's: answered `invalid`, as any id that is not theirs.
  otpVerification: () => ({ body: { workflowId: 'WF-NONE', code: '0000' } }),
  // Leaving every optional field out is valid but says nothing; the flags are a harmless change.
  updateUser: () => ({ body: { receiveTechNotifications: true } }),
  startStepUpCode: () => ({ body: { channel: 'email' } }),
  // The owner's own delegate: a harmless change (taking back a permission it does not have).
  setDelegationBanking: () => ({ params: { username: 'luca' }, body: { mayChangeBanking: false } }),
  // Nobody the owner has delegated: revoking the suite's own delegate would end what the suite reaches.
  revokeDelegation: () => ({ params: { username: 'nessunodelegato' } }),
  verifyStepUpCode: () => ({ body: { workflowId: 'WF-NONE', code: '0000' } }),
};

/**
 * Calls whose success needs what no sample holds: an authenticator's signature over a challenge this
 * session just asked for, or a code read from the outbox (ADR 038). Their access and reach are tried
 * like every call's; with their own identifiers these actors are answered 422 (the ceremony or code
 * refused), and modules/passkeys/passkeys.test.ts proves the calls served.
 */
const BOTH: readonly Role[] = ['owner', 'delegate'];
export const PROVED_ELSEWHERE: Record<string, readonly Role[]> = {
  // modules/registration/delegations-given.test.ts revokes a delegation for real.
  revokeDelegation: ['owner'],
  registerPasskey: BOTH,
  loginWithPasskey: BOTH,
  stepUpWithPasskey: BOTH,
  verifyStepUpCode: BOTH,
  // The fixture's customers are private, whose e-invoices have no recipient to set (422, ADR 067);
  // modules/profile/einvoice-recipient.test.ts sets a company's.
  updateEInvoiceRecipient: BOTH,
};

/**
 * Calls a delegate reaches but only the holder may make (ADR 047): managing the delegations given, and
 * moving money unless the holder allowed it. The delegate is answered 403 with the call's Italian
 * refusal; modules/registration/delegations-given.test.ts proves the permission.
 */
export const HOLDER_ONLY: ReadonlySet<string> = new Set([
  'listGivenDelegations',
  'revokeDelegation',
  'setDelegationBanking',
  'requestBankAccountChange',
]);

export const reachesOf = (call: Call, part: Part): [string, Reach][] =>
  call.reaches === 'nothing' ? [] : (Object.entries(call.reaches[part] ?? {}) as [string, Reach][]);

/** The forms of a field as [kind, form] pairs, in the order the call lists them. */
export const formsOf = (reach: Reach) => [reach].flat().map((ref) => ref.split('.') as [EntityKind, Form]);

/**
 * The input with the stranger's identifier in one form: an ERP key (extKey) is only looked up as such
 * when the call is told so (`useExtKey`), so the probe says it, or it would prove nothing.
 */
export function inForm(call: Call, input: CallInput, [, form]: [EntityKind, Form]): CallInput {
  if (form !== 'extKey') return input;
  const parsed = call.query.safeParse({ ...input.query, useExtKey: 'true' });
  const flagged = parsed.success && (parsed.data as { useExtKey?: unknown }).useExtKey === true;
  return flagged ? { ...input, query: { ...input.query, useExtKey: 'true' } } : input;
}

/** The identifier a holder has for one form of a kind, if the fixture has it. */
export function identifierOf(ids: Identifiers, [kind, form]: [EntityKind, Form], holder: Holder) {
  return ids[kind]?.[holder]?.[form];
}

/**
 * A valid input for the call as `holder`: the schema's smallest value, the sample, and every reached
 * field set to the holder's own identifier (the first form of it the fixture has).
 */
export function validInput(call: Call, holder: Holder, ids: Identifiers): CallInput {
  const sample = SAMPLES[call.name]?.(holder) ?? {};
  const input = {} as CallInput;
  for (const part of PARTS) {
    input[part] = { ...(exampleOf(call[part]) as Record<string, unknown>), ...sample[part] };
    for (const [field, reach] of reachesOf(call, part)) {
      const forms = formsOf(reach);
      const own = forms.map((f) => identifierOf(ids, f, holder)).find((v) => v !== undefined);
      if (own === undefined) {
        throw new Error(
          `${call.name}: ${part}.${field} reaches ${[reach].flat().join(' or ')}, but server/test/access-world.ts ` +
            `has no such identifier for "${holder}": add the kind to identifiers()`,
        );
      }
      input[part][field] = own;
    }
    const parsed = call[part].safeParse(input[part]);
    if (!parsed.success) {
      throw new Error(
        `${call.name}: no valid ${part} for "${holder}" from its schema (${JSON.stringify(parsed.error.issues)}): ` +
          `give one in SAMPLES (server/test/access-world.ts)`,
      );
    }
  }
  return input;
}

let addressCounter = 0;

/** Sends a call's input as the client would: path filled, query string, body in the request wrapper. */
/** A personal token of each actor (ADR 037): what a `token` call is sent with instead of a session. */
export const TOKENS: Record<Role, string> = {
  owner: FIXTURE_PERSONAL_TOKENS.mario,
  delegate: FIXTURE_PERSONAL_TOKENS.luca,
  other: FIXTURE_PERSONAL_TOKENS.franco,
};

/** A personal token goes as `Authorization: Bearer`, a session id as `sessionId`. */
const credentialHeaders = (credential?: string): Record<string, string> =>
  !credential
    ? {}
    : credential.startsWith('spt_')
      ? { authorization: `Bearer ${credential}` }
      : { sessionid: credential };

export function send(
  app: FastifyInstance,
  call: Call,
  input: CallInput,
  sessionId?: string,
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams(
    Object.entries(input.query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const path = fillPath(call.path, input.params as Record<string, string>);
  const hasBody = call.method === 'POST' || call.method === 'PUT';
  return app.inject({
    method: call.method,
    url: query ? `${path}?${query}` : path,
    headers: credentialHeaders(sessionId),
    // Each request from its own address: the per-address login limit is not what this suite tests.
    remoteAddress: `10.20.${Math.floor(++addressCounter / 250) % 250}.${addressCounter % 250}`,
    ...(hasBody ? { payload: { request: input.body } } : {}),
  });
}
