// Registration (SPEC §2, §5, §6): one service made of its use cases, each in a file of its own with
// the throttle rules that guard it: the fiscal-data check (fiscal-data.ts), sign-up and association
// (sign-up.ts), delegation requests and their confirmation (delegation.ts), the delegations given and
// their revocation (delegations-given.ts), the forgotten password (password-reset.ts). Guessable inputs are throttled like login (ADR 012).
import { registrationContext, type RegistrationDeps } from './context.js';
import { createDelegation } from './delegation.js';
import { createGivenDelegations } from './delegations-given.js';
import { createFiscalDataCheck } from './fiscal-data.js';
import { createPasswordReset } from './password-reset.js';
import { createSignUp } from './sign-up.js';

export function createRegistrationService(deps: RegistrationDeps) {
  const context = registrationContext(deps);
  const delegation = createDelegation(context);
  return {
    ...createSignUp(context, createFiscalDataCheck(context), delegation.askDelegation),
    requestDelegation: delegation.requestDelegation,
    ...createPasswordReset(context),
    ...createGivenDelegations(context),
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
