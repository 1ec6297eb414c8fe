// Erasure (GDPR art. 17) and objection (art. 21) requests (ADR 069). Each is a practice of the customer
// (requests.open): the care console's queue works it, the ERP hears of it as request.opened, and its
// answer is due one month after receipt (art. 12(3)), a day the domain computes and the payload carries
// so the queue shows the same. One of a kind open at a time per customer: asked first, and held by a
// unique index when two arrive at once.
import type { CompanyCode, privacy } from '@sportello/contract';
import {
  formatDate,
  PRIVACY_REQUEST_KINDS,
  privacyRequestDueOn,
  todayInRome,
  type PrivacyRequestKind,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import { conflict } from '../../http/app-error.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import { isUniqueViolation } from '../../platform/unique-violation.js';
import type { CustomersService } from '../customers/service.js';
import type { RequestsService } from '../requests/service.js';

type Filing = z.output<typeof privacy.filePrivacyRequest.body>;
type Ticket = Awaited<ReturnType<RequestsService['get']>>;

const OPEN = ['Aperto', 'InLavorazione'];
const KINDS = Object.keys(PRIVACY_REQUEST_KINDS) as PrivacyRequestKind[];
/** More than a customer files in a lifetime: the list is whole. */
const LISTED = 100;

function toDto(kind: PrivacyRequestKind, ticket: Ticket): privacy.PrivacyRequest {
  const receivedOn = todayInRome(new Date(ticket.CreatedDate));
  return {
    key: ticket.key,
    kind,
    status: ticket.Status,
    receivedOn,
    dueOn: privacyRequestDueOn(receivedOn),
    answer: ticket.answer ?? null,
  };
}

export function createPrivacyService(deps: {
  db: Db;
  customers: CustomersService;
  requests: RequestsService;
}) {
  const { db, customers, requests } = deps;

  async function list(user: SessionUser, customerKey: string) {
    const perKind = await Promise.all(
      KINDS.map(async (kind) => {
        const { requests: tickets } = await requests.list(user, {
          customerKey,
          requestType: PRIVACY_REQUEST_KINDS[kind].requestType,
          pagingSkip: 0,
          pagingTake: LISTED,
        });
        return tickets.map((ticket) => toDto(kind, ticket));
      }),
    );
    return perKind
      .flat()
      .sort((a, b) => (a.receivedOn < b.receivedOn ? 1 : a.receivedOn > b.receivedOn ? -1 : 0));
  }

  return {
    list,

    async file(user: SessionUser, company: CompanyCode, customerKey: string, body: Filing, now: Date) {
      // The reach check let through only a customer the user reaches (own or delegated).
      const customer = await customers.find(user, customerKey);
      const already = (await list(user, customerKey)).some(
        (r) => r.kind === body.kind && OPEN.includes(r.status),
      );
      if (already) throw conflict('privacy_request_open');
      const { label, article, requestType } = PRIVACY_REQUEST_KINDS[body.kind];
      const receivedOn = todayInRome(now);
      const dueOn = privacyRequestDueOn(receivedOn);
      try {
        const created = await requests.open(db, {
          companyCode: company,
          customerId: Number(customer.id),
          contractId: null,
          requestType,
          description: `${label} (art. ${article} GDPR): risposta entro il ${formatDate(dueOn)}`,
          // The queue reads `dueOn` for its clock and shows `description` as what the customer wrote.
          payload: { dueOn, article, ...(body.reason ? { description: body.reason } : {}) },
        });
        return toDto(body.kind, await requests.get(created.key));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('privacy_request_open');
        throw err;
      }
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
