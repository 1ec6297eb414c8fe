// Complaint routes (ADR 030, 063): list, one, its PDF, filing logged in and logged out, the logged-out lookup.
import type { FastifyInstance } from 'fastify';
import { erpComplaints } from '@sportello/contract';
import { route } from '../../http/route.js';
import type { ComplaintsService } from './service.js';

export default function complaintRoutes(app: FastifyInstance, complaints: ComplaintsService) {
  route(app, erpComplaints.listComplaints, ({ user, query }) =>
    complaints.list(user, query.customerKey, new Date()),
  );
  route(app, erpComplaints.getComplaint, ({ params }) => complaints.get(params.id, new Date()));
  route(app, erpComplaints.getComplaintPdf, ({ params }) => complaints.pdf(params.id, new Date()));
  route(app, erpComplaints.fileComplaint, ({ user, body, request }) =>
    complaints.file(user, body, request.ip, new Date()),
  );
  route(app, erpComplaints.fileGuestComplaint, ({ session, body, request }) =>
    complaints.fileAsGuest(session.company, body, request.ip, new Date()),
  );
  route(app, erpComplaints.lookUpGuestComplaint, ({ session, body, request }) =>
    complaints.lookUpAsGuest(session.company, body, request.ip, new Date()),
  );
}
