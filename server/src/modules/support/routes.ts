// Write-us routes (SPEC §7: the `erpSupport` contact calls, paths unchanged): the logged-out form and
// the logged-in information request.
import type { FastifyInstance } from 'fastify';
import { erpSupport } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { SupportService } from './service.js';

export default function supportRoutes(app: FastifyInstance, support: SupportService) {
  route(app, erpSupport.requestGuestContact, ({ session, body, request }) =>
    support.guestContact(session.company, body, request.ip, new Date()),
  );

  route(app, erpSupport.requestInformation, ({ user, session, body, request }) =>
    support.contact(user, session.company, body, request.ip, new Date()),
  );
}
