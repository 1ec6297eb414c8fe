// The customer page's other sections and the account's fixes (ADR 045), one file per use case. route()
// and the reach check have held the operator to the call's roles and the customer's brand. Each fix goes
// through the module that owns what it changes (the login throttle and the sessions: sessions; the
// password link: registration; the customer's trail: audit), writes the staff audit and the customer's
// security event in the transaction of its effect, then tells the customer by the contacts on file
// (context.ts).
import { confirmContactCorrection, startContactCorrection } from './contact-correction.js';
import { createAccountFixes, type StaffAccountDeps } from './context.js';
import { customerAccount } from './customer-account.js';
import { confirmDelegation, revokeDelegation } from './delegations.js';
import { endSessions, resendResetLink, unlockLogin } from './login-fixes.js';

export function createStaffAccountService(deps: StaffAccountDeps) {
  const fixes = createAccountFixes(deps);
  return {
    account: customerAccount(fixes),
    unlockLogin: unlockLogin(fixes),
    resendResetLink: resendResetLink(fixes),
    endSessions: endSessions(fixes),
    startContact: startContactCorrection(fixes),
    confirmContact: confirmContactCorrection(fixes),
    confirmDelegation: confirmDelegation(fixes),
    revokeDelegation: revokeDelegation(fixes),
  };
}

export type StaffAccountService = ReturnType<typeof createStaffAccountService>;
