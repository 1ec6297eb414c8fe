// A logged-out complaint looked up by its sender (TIQV from 1 July 2026: complaints without an account):
// its number and the code of its receipt, compared as hashes in constant time. An unknown number and a
// wrong code answer the same refusal, and every failed try counts per address and per number, so
// neither numbers nor codes can be enumerated. What it shows is the complaint's own: its clocks, the
// reply, and the receipt as a PDF; nothing of the holder's account.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { erpComplaints } from '@sportello/contract';
import { AppError } from '../../http/app-error.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { ComplaintsRepository } from './repository.js';
import type { Row } from './service.js';

/** Failed lookups allowed in an hour from one address and on one number before 429. */
export const LOOKUP_LIMITS = { perAddress: 10, perNumber: 5, windowMs: 60 * 60_000 } as const;

/** Letters and digits a reader cannot mistake for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10; // about 49 bits: out of reach of the 5 tries an hour a number allows

/** A new lookup code, as the sender reads it (two groups of five). */
export function newLookupCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What is kept of a code: its SHA-256, read as typed (case, spaces and the dash aside). */
export function lookupCodeHash(code: string): string {
  const normalized = code.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}

function sameHash(expected: string | null, given: string): boolean {
  // An unknown number is compared too, with a hash of nothing, so both refusals take the same time.
  const a = Buffer.from(expected ?? lookupCodeHash(''), 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b) && expected !== null;
}

export function createGuestLookup(deps: {
  repository: ComplaintsRepository;
  throttle: Throttle;
  dtoOf: (row: Row, now: Date) => Promise<erpComplaints.Complaint>;
  pdfOf: (row: Row, dto: erpComplaints.Complaint, now: Date) => Promise<Buffer>;
}) {
  return {
    async lookUpAsGuest(
      companyCode: string,
      body: { key: string; code: string },
      address: string,
      now: Date,
    ): Promise<erpComplaints.GuestComplaint> {
      const key = body.key.toUpperCase();
      const window = { windowMs: LOOKUP_LIMITS.windowMs, over: 'refuse' } as const;
      const attempt = await deps.throttle.attempt(
        [
          { key: `complaint-lookup:address:${address}`, limit: LOOKUP_LIMITS.perAddress, ...window },
          { key: `complaint-lookup:number:${companyCode}:${key}`, limit: LOOKUP_LIMITS.perNumber, ...window },
        ],
        now,
        'complaint_lookup_too_many',
      );
      const row = await deps.repository.byBrandAndKey(companyCode, key);
      if (!row || !sameHash(row.complaint.lookupCodeHash, lookupCodeHash(body.code)))
        throw new AppError(404, 'complaint_lookup_not_found');
      await attempt.succeeded();
      const dto = await deps.dtoOf(row, now);
      const pdf = await deps.pdfOf(row, dto, now);
      return {
        key: dto.key,
        categoryLabel: dto.categoryLabel,
        filedAt: dto.filedAt,
        state: dto.state,
        dueDate: dto.dueDate,
        daysLeft: dto.daysLeft,
        answeredAt: dto.answeredAt,
        answer: dto.answer,
        rectification: dto.rectification,
        compensationCents: dto.compensationCents,
        pdf: pdf.toString('base64'),
      };
    },
  };
}
