// Maintenance contracts (SPEC §2 `ser`): the customer's contracts with their visits and documents,
// and a document drawn as a PDF.
import { documentFileName } from '@sportello/domain';
import { PAGE_SIZE } from '@sportello/contract';
import { notFound } from '../../http/app-error.js';
import { drawPdf } from '../../integrations/pdf/pdf-renderer.js';
import type { CustomersService } from '../customers/service.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { CatalogueRepository } from './repository.js';

export function createMaintenance({
  repository,
  customers,
}: {
  repository: CatalogueRepository;
  customers: CustomersService;
}) {
  async function maintenancePage(user: SessionUser, customerKey: string, skip: number, take: number) {
    const customer = await customers.find(user, customerKey);
    return repository.maintenance(Number(customer.id), { skip, take });
  }

  return {
    async maintenance(
      user: SessionUser,
      query: { customerKey: string; pagingSkip: number; pagingTake?: number | undefined },
    ) {
      const take = query.pagingTake ?? PAGE_SIZE.maintenanceContracts;
      const { count, rows, visits, documents } = await maintenancePage(
        user,
        query.customerKey,
        query.pagingSkip,
        take,
      );
      return {
        count,
        contracts: rows.map(({ contract: c, supply }, i) => {
          const own = visits.filter((v) => v.maintenanceContractId === c.id);
          const next = own.filter((v) => !v.done).at(-1);
          return {
            index: query.pagingSkip + i + 1,
            id: String(c.id),
            key: c.key,
            product: c.product,
            status: c.status,
            startDate: c.startDate,
            endDate: c.endDate,
            annualFeeCents: c.annualFeeCents,
            supply: supply ? { ...supply, id: String(supply.id) } : null,
            nextVisit: next?.visitDate ?? c.nextVisitDate,
            visits: own.map((v) => ({
              date: v.visitDate,
              kind: v.kind,
              done: v.done,
              technician: v.technician,
              outcome: v.outcome,
            })),
            documents: documents
              .filter((d) => d.maintenanceContractId === c.id)
              .map((d) => ({ id: String(d.id), title: d.title, date: d.issueDate, kind: d.kind })),
          };
        }),
      };
    },

    /** A maintenance document as a PDF (the reach check let the route through). */
    async maintenanceDocument(id: string, now: Date) {
      const found = await repository.maintenanceDocument(id);
      if (!found) throw notFound();
      const pdf = await drawPdf('maintenance', found, now);
      return {
        id: String(found.document.id),
        title: found.document.title,
        fileName: documentFileName(found.document.title),
        contentType: 'application/pdf',
        data: pdf.toString('base64'),
      };
    },
  };
}
