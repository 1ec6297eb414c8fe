// What the steps of a registration have gathered so far. Everything but the password is kept in
// sessionStorage, so a reload keeps the step's data (the tab's own storage, gone when it closes);
// the password stays in memory only, so after a reload the username step asks for it again.
import type { registration } from '@sportello/contract';
import type * as z from 'zod/mini';

type FiscalData = z.input<typeof registration.fiscalDataSchema>;
type Supply = z.output<typeof registration.registrationSupplySchema>;
type Address = z.input<typeof registration.registrationAddressSchema>;
type Contact = z.output<typeof registration.registrationContactSchema>;
type Proof = z.input<typeof registration.registrationProofSchema>;
type Former = z.output<typeof registration.checkFiscalData.response>['formerCustomer'];

export interface RegistrationDraft {
  customer?: FiscalData & {
    holderName: string;
    supplies: Supply[];
    contacts?: Contact[];
    proof?: Proof;
    /** Every contract ended: the area stays open up to `openUntil` (ADR 066). */
    formerCustomer?: Former;
  };
  delegate?: {
    firstName: string;
    lastName: string;
    delegation: { customerCode: string; taxCode: string };
    email?: string;
    phoneMobile?: string;
    address?: Address;
  };
  username?: string;
  password?: string;
}

type Stored = Omit<RegistrationDraft, 'password'>;

export const DRAFT_STORAGE_KEY = 'sportello.registration-draft';

let password: string | undefined;

function stored(): Stored {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function store(value: Stored | null): void {
  try {
    if (value) window.sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Storage unavailable (private browsing): a reload starts again.
  }
}

export const readDraft = (): RegistrationDraft => ({ ...stored(), password });

export function updateDraft(change: Partial<RegistrationDraft>): void {
  const { password: typed, ...rest } = change;
  if ('password' in change) password = typed;
  store({ ...stored(), ...rest });
}

export function clearDraft(): void {
  password = undefined;
  store(null);
}
