// What the passkeys module's use cases share (ADR 029: a use case per file, composed in service.ts).
import type { Db } from '@sportello/db/client';
import type { MailComposer } from '../../integrations/mail/compose.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Throttle } from '../../platform/auth/throttle.js';
import type { SessionStore } from '../../platform/sessions/session-store.js';
import type { AuditService } from '../audit/service.js';
import type { CustomersService } from '../customers/service.js';
import type { ProfileService } from '../profile/service.js';
import type { SessionsService } from '../sessions/service.js';
import type { UsersService } from '../users/service.js';
import type { PasskeyRow, PasskeysRepository } from './repository.js';
import type { Ceremonies } from '../../platform/auth/webauthn.js';

export interface PasskeysContext {
  repository: PasskeysRepository;
  ceremonies: Ceremonies<PasskeyRow>;
  audit: AuditService;
  sessions: SessionsService;
  users: UsersService;
  /** The one-time codes (profile's), for step-up codes. */
  profile: ProfileService;
  customers: CustomersService;
  store: Pick<SessionStore, 'markSteppedUp'>;
  throttle: Throttle;
  /** Over a transaction, so a code's delivery is enqueued with the code itself. */
  jobs: (db: Db) => JobQueue;
  mail: (db: Db) => MailComposer;
  /** The site's address, for the links of the security notices. */
  publicBaseUrl: string;
}
