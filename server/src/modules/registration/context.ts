// What every registration use case works with (sign-up, delegation, password reset): the module's
// repository, the services it needs, the throttle, the mail, and the checks they share.
import type { ApiError } from '@sportello/contract';
import { passwordIssues } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import { fieldError } from '../../http/app-error.js';
import type { MailComposer } from '../../integrations/mail/compose.js';
import type { SecurityEvent } from '../../integrations/mail/templates/security-notice.js';
import type { JobQueue } from '../../jobs/queue.js';
import { sendSecurityNotice } from '../../platform/notices/security-notice.js';
import type { Throttle, ThrottleRule } from '../../platform/auth/throttle.js';
import type { AddressService } from '../address/service.js';
import type { AuditService } from '../audit/service.js';
import type { CustomersService } from '../customers/service.js';
import type { LinksService } from '../links/service.js';
import type { ProfileService } from '../profile/service.js';
import type { SessionStore } from '../../platform/sessions/session-store.js';
import { PASSWORD_ISSUE_MESSAGE, type UsersService } from '../users/service.js';
import type { WorkflowsService } from '../workflows/service.js';
import type { CustomerRow, RegistrationRepository } from './repository.js';

export interface RegistrationDeps {
  repository: RegistrationRepository;
  /** Write the customer's consents and the user's row: registration decides, they own the tables. */
  customers: CustomersService;
  users: UsersService;
  links: LinksService;
  workflows: WorkflowsService;
  address: AddressService;
  /** Keeps a registration's one-time codes, which belong to the customer (ADR 022). */
  profile: ProfileService;
  /** The security trail: a password link waits a day after the care console corrected a contact. */
  audit: AuditService;
  /** The queue over a transaction, so a code's delivery is enqueued with the code itself. */
  jobs: (db: Db) => JobQueue;
  store: SessionStore;
  throttle: Throttle;
  mail: MailComposer;
  publicBaseUrl: string;
  sleep?: (ms: number) => Promise<void>;
}

/** What the use cases share: the deps, the queue over the module's database and the notice to a customer. */
export interface RegistrationContext extends RegistrationDeps {
  queue: JobQueue;
  /** Tells the customer's contacts on file (ADR 022), greeting the holder: a company by its name. */
  notice(customer: CustomerRow, event: SecurityEvent, key: string, now: Date): Promise<void>;
}

export function registrationContext(deps: RegistrationDeps): RegistrationContext {
  const queue = deps.jobs(deps.repository.db);
  return {
    ...deps,
    queue,
    notice: (customer, event, key, now) =>
      sendSecurityNotice(
        { jobs: queue, mail: deps.mail, publicBaseUrl: deps.publicBaseUrl },
        { to: customer, company: customer.companyCode, name: customer.name, event, key, now },
      ),
  };
}

export const WINDOW_MS = 15 * 60_000;
export const HOUR_MS = 3_600_000;

/** A throttle rule that refuses once over its limit (ADR 012). */
export const rule = (key: string, limit: number, windowMs = WINDOW_MS): ThrottleRule => ({
  key,
  limit,
  windowMs,
  over: 'refuse',
});

/** A new password's faults and a confirmation that differs: sign-up and password reset alike. */
export function passwordErrors(password: string, confirmPassword: string): ApiError[] {
  const errors = passwordIssues(password).map((issue) =>
    fieldError('password', PASSWORD_ISSUE_MESSAGE[issue]),
  );
  if (password !== confirmPassword) errors.push(fieldError('confirmPassword', 'passwords_do_not_match'));
  return errors;
}
