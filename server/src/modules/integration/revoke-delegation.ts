// The supplier's ERP revokes a delegation its customer gave (ADR 047), as the holder and the care staff
// can: the customer by the ERP's key within the brand, the delegate by username. Registration ends the
// reach and tells the holder and the delegate, the same for every side that revokes.
import type { Db } from '@sportello/db/client';
import { fieldError, unprocessable } from '../../http/app-error.js';
import type { RegistrationService } from '../registration/service.js';
import type { IntegrationRepository } from './repository.js';

export function createDelegationRevocation(deps: {
  db: Db;
  repository: IntegrationRepository;
  registration: RegistrationService;
}) {
  return async function revokeDelegation(brand: string, extKey: string, username: string, now: Date) {
    const customer = await deps.repository.record(deps.db, { companyCode: brand, kind: 'customer', extKey });
    if (!customer) throw unprocessable('unknown_customer', [fieldError('extKey', 'unknown_customer')]);
    if (!(await deps.registration.revokeDelegationOf(customer.entityId, username, 'erp', now)))
      throw unprocessable('delegation_not_found', [fieldError('username', 'delegation_not_found')]);
    return { revoked: true as const };
  };
}
