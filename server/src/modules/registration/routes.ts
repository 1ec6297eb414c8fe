// Registration routes (SPEC §7): check-fiscal-data, users/validate, users (create),
// the registration code, associate-contract-to-user, the delegation request, the delegations a holder has
// given (list, revoke, the direct-debit permission) and the two steps of a password reset.
import type { FastifyInstance } from 'fastify';
import { registration as calls } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { RegistrationService } from './service.js';

export default function registrationRoutes(app: FastifyInstance, registration: RegistrationService) {
  route(app, calls.checkFiscalData, ({ session, body, request }) =>
    registration.checkFiscalData(session.company, body, request.ip, new Date()),
  );
  route(app, calls.registrationCodeStart, ({ session, body, request }) =>
    registration.startCode(session.company, body, request.ip, new Date()),
  );
  route(app, calls.validateUsername, ({ session, body, request }) =>
    registration.validateUsername(session.company, body.username, request.ip, new Date()),
  );
  route(app, calls.createUser, ({ session, body, request }) =>
    registration.createUser(session.company, body, request.ip, new Date()),
  );
  route(app, calls.associateContractToUser, ({ user, body, request }) =>
    registration.associate(user, body, request.ip, new Date()),
  );
  route(app, calls.requestDelegation, ({ user, body, request }) =>
    registration.requestDelegation(user, body, request.ip, new Date()),
  );
  route(app, calls.listGivenDelegations, ({ user, params }) =>
    registration.listGivenDelegations(user, params.customerId),
  );
  route(app, calls.revokeDelegation, ({ user, params }) =>
    registration.revokeDelegation(user, params.customerId, params.username, new Date()),
  );
  route(app, calls.setDelegationBanking, ({ user, params, body }) =>
    registration.setDelegationBanking(user, params.customerId, params.username, body.mayChangeBanking),
  );
  route(app, calls.startPasswordReset, ({ session, body, request }) =>
    registration.startPasswordReset(session.company, body, request.ip, new Date()),
  );
  route(app, calls.completePasswordReset, ({ session, body, request }) =>
    registration.completePasswordReset(session, body, request.ip, new Date()),
  );
}
