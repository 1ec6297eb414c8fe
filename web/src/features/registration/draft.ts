// What the steps of a registration have gathered so far, kept in memory only (never in storage: it
// holds the password until the last step sends it). A reload starts the registration again.
import type { registration } from '@sportello/contract';
import type * as z from 'zod/mini';

type FiscalData = z.input<typeof registration.fiscalDataSchema>;
type Supply = z.output<typeof registration.registrationSupplySchema>;
type Address = z.input<typeof registration.registrationAddressSchema>;

export interface RegistrationDraft {
  customer?: FiscalData & { holderName: string; supplies: Supply[] };
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

let draft: RegistrationDraft = {};

export const readDraft = (): RegistrationDraft => draft;
export function updateDraft(change: Partial<RegistrationDraft>): void {
  draft = { ...draft, ...change };
}
export function clearDraft(): void {
  draft = {};
}
