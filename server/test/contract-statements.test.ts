// Statements per GET, generated from the contract like the access suite: every GET of allCalls is sent
// as the customer's own user with inputs that succeed (access-world.ts), once to warm up (a kept PDF is
// drawn, prepared statements are planned), then again while the SQL statements it sends are counted.
// Neither driver pipelines, so each statement is also one round trip to the database. The table below
// is the budget: a GET missing from it fails with the row to add, a count above its row fails with both
// figures (a cheaper call passes: the rows are upper bounds).
import { beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@sportello/contract';
import { loginAs } from './app.js';
import { TOKENS, USERNAMES, identifiers, send, validInput, type Identifiers } from './access-world.js';
import { databaseKinds } from './databases.js';
import { countQueries, useSupplyTestApp } from './supply-fixture.js';

/**
 * Statements per request, at most. The session read is served from the in-process cache here (ADR
 * 027: read once, then kept a few seconds; 60 here), and so is the reach check's owner of each identifier the
 * call names (platform/reach/owner-cache.ts: the warm-up read it), except an offer's or a link's,
 * which are asked each time (one statement each, before the handler's own).
 * Raise a figure only with a reason in the commit; lower it when a call gets cheaper.
 */
const STATEMENTS: Record<string, number> = {
  getSession: 1,
  getUser: 1,
  getUserByContract: 3,
  listModules: 1,
  listConfProperties: 1,
  getLink: 2,
  listNotifications: 3,
  getNotification: 1,
  listCustomers: 1,
  getCustomer: 1,
  // The customer, then where its e-invoices go (ADR 067).
  getEInvoiceRecipient: 2,
  listContracts: 3,
  getContract: 1,
  getOffer: 2,
  getOfferDocument: 2,
  listSupplies: 1,
  getSupply: 1,
  describeMeterGroup: 2,
  listRequests: 4,
  getRequest: 1,
  // Erasure and objection requests: each kind listed as the requests page lists it (ADR 069).
  listPrivacyRequests: 6,
  // The page, then what the customer pays themselves over every bill still owed (ADR 052).
  listInvoices: 2,
  getInvoice: 1,
  // The bill's context (5 at once), the bills it is compared with, then the readings at every bill's
  // bounds, their lines and the year's bills (ADR 070: 7 before its difference).
  getInvoiceDetail: 9,
  // The bill, then its XML (ADR 067).
  getInvoiceEInvoice: 2,
  listComparableInvoices: 2,
  listInstallments: 3,
  listInsolvencies: 3,
  listPayments: 3,
  getPayment: 1,
  listDocuments: 3,
  getDocument: 1,
  documentExists: 1,
  listMessages: 3,
  getMessage: 1,
  // The message (its attachment, when it has one, is the document's read).
  getMessageAttachment: 1,
  listProposals: 2,
  getProposal: 4,
  checkProposalRules: 1,
  getTown: 1,
  getStreet: 1,
  listReadings: 2,
  getConsumptions: 2,
  getReadingWindow: 3,
  listQuotations: 1,
  listOffers: 1,
  listMaintenanceContracts: 5,
  getMaintenanceDocument: 2,
  // The supplies page, the brand's catalogue, one statement of four aggregates of the customer (the
  // session and the customer's owner are cached; 13 before: each composed service checked the reach).
  listServices: 3,
  // Reach, the customer, the complaints with their supply and bills, their attachments.
  listComplaints: 4,
  // Reach, the complaint with its supply and bills, its attachments (the PDF adds the brand).
  getComplaint: 3,
  getComplaintPdf: 4,
  // The customer, then its notices still to apply with their supply, offer and message.
  listPriceChanges: 2,
  // The supply's notices still to apply with their supply, offer and message.
  listSupplyPriceChanges: 1,
  // Dispositivi e accessi (ADR 037): the user's sessions; its login history.
  listUserSessions: 1,
  listLoginHistory: 1,
  // I tuoi dati (ADR 039): the user's archives.
  listDataArchives: 1,
  // Passkeys and step-up (ADR 038): the user's passkeys; the step-up's ways (passkeys counted, the
  // own customer's contacts on file); the security events.
  listPasskeys: 1,
  getStepUp: 2,
  listSecurityEvents: 1,
  listConsultations: 1,
  // Personal tokens (ADR 037): the profile's list; a token call sends its portal twin's statements
  // and two more: the token's read (not cached: a revocation holds at once) and its hourly count.
  listPersonalTokens: 1,
  // The holder's customer row, then its active delegations with their delegates (ADR 047).
  listGivenDelegations: 2,
  personalSupplies: 3,
  personalConsumptions: 4,
  personalReadings: 4,
  // …and, as listInvoices, what the customer pays themselves over every bill still owed (ADR 052).
  personalInvoices: 4,
  personalPrices: 3,
};

const gets = allCalls.filter((c) => c.method === 'GET');

describe.each(databaseKinds)('statements per GET on %s', (kind) => {
  // The session read is cached for the longest time allowed: counted is a client's next call, and on
  // a busy machine the 5 s default ran out between the warm-up and the count (a second statement).
  const ctx = useSupplyTestApp(kind, { SESSION_CACHE_SECONDS: '60' });
  let ids: Identifiers;
  let session: string;

  beforeAll(async () => {
    session = await loginAs(ctx.app, USERNAMES.owner);
    // Only the owner's identifiers are sent; the other sessions are never used here.
    ids = identifiers(ctx, { owner: session, delegate: session, other: session, guest: session });
  });

  it('has a budget row for every GET of the contract, and none for a call that is gone', () => {
    const missing = gets.filter((c) => !(c.name in STATEMENTS)).map((c) => c.name);
    expect(
      missing,
      `add rows to STATEMENTS in server/test/contract-statements.test.ts: ${missing.join(', ')}`,
    ).toEqual([]);
    const stale = Object.keys(STATEMENTS).filter((name) => !gets.some((c) => c.name === name));
    expect(stale, 'rows for calls that are no longer GETs of the contract').toEqual([]);
  });

  it.each(gets.map((c) => [c.name, c] as const))('%s', async (name, c) => {
    const input = validInput(c, 'owner', ids);
    // A token call is made with the owner's personal token (ADR 037).
    const credential = c.access === 'token' ? TOKENS.owner : session;
    const warm = await send(ctx.app, c, input, credential);
    expect(warm.statusCode, warm.body).toBe(200);
    let status = 0;
    const statements = await countQueries(ctx.db, async () => {
      status = (await send(ctx.app, c, input, credential)).statusCode;
    });
    expect(status).toBe(200);
    // An upper bound: a call that gets cheaper passes (and its row should then be lowered).
    expect(
      statements,
      `${name} sent ${statements} statements; the table allows ${STATEMENTS[name]}`,
    ).toBeLessThanOrEqual(STATEMENTS[name]!);
  });
});
