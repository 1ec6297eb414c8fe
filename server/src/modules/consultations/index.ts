// The consultations module: "Vedi come il cliente" (ADR 043): the staff's read-only
// views of a customer's portal, their record, and the customer's list of them.
import { customersModule } from '../customers/index.js';
import { defineModule } from '../module.js';
import { usersModule } from '../users/index.js';
import { createConsultationsRepository } from './repository.js';
import consultationsRoutes from './routes.js';
import { createConsultationsService } from './service.js';

export const consultationsModule = defineModule({
  name: 'consultations',
  purpose:
    "\"Vedi come il cliente\": a staff member's read-only view of a customer's portal, its record, and the customer's list of them (ADR 043)",
  needs: { customers: customersModule, users: usersModule },
  createService: ({ db, store }, needs) =>
    createConsultationsService({ db, store, repository: createConsultationsRepository(db), ...needs }),
  routes: consultationsRoutes,
});
