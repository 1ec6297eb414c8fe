// What a machine client reads of an event (ADR 048): a bank account is masked ("IT•• •••• … 3456", as
// the portal's pages show it) unless the client's scope is the one that collects direct debits
// (`billing:write`, the billing system that sets the mandate up). Masked wherever it sits in the
// payload: under a key naming an IBAN, or any text that is one (a request's form details).
import { isValidIban, maskIban } from '@sportello/domain';
import type { FeedEvent } from '../../platform/events/outbox.js';

/** The scope that needs the whole IBAN. */
const WHOLE_IBAN_SCOPE = 'billing:write';

function masked(value: unknown, key: string): unknown {
  if (typeof value === 'string')
    return /iban/i.test(key) || (value.length >= 15 && isValidIban(value)) ? maskIban(value) : value;
  if (Array.isArray(value)) return value.map((item) => masked(item, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, k)]));
  return value;
}

/** The event as a client with these scopes receives it. */
export function eventForScopes(event: FeedEvent, scopes: readonly string[]): FeedEvent {
  if (scopes.includes(WHOLE_IBAN_SCOPE)) return event;
  return { ...event, payload: masked(event.payload, '') } as FeedEvent;
}
