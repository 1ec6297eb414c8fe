// mariorossi's complaints (ADR 030, 063): one answered late (its bill rectified in time), whose automatic
// compensation is credited on a later bill as its own line; one still open about the newest electricity
// bill, which suspends its collection; one open about the gas readings, for the care console's queue
// (ADR 042), which suspends every gas bill owed when it was filed; and a late
// adjustment bill whose oldest consumption is more than two years old at
// issue, so the bill shows its prescription. Figures come from @sportello/domain, as the server's.
import { complaintSuspendedBills, complaints } from '@sportello/db/schema';
import { COMPLAINT_CATEGORIES, complaintCompensation, complaintDueDates } from '@sportello/domain';
import { addExtraBill, billedSupply, PAYMENT_TERM_DAYS } from '../billing/billing.js';
import { billSections } from '../billing/tariffs.js';
import type { BuiltContract } from '../customers/customer-builder.js';
import type { SeedContext } from '../engine/context.js';
import { addDays, addMonths, monthEnd, monthStart, romeInstant } from '../engine/dates.js';

export function addMarioComplaints(
  ctx: SeedContext,
  customerId: number,
  electricity: BuiltContract,
  gas: BuiltContract,
) {
  const supply = electricity.supplies[0];
  const newest = electricity.invoices[0];
  const older = electricity.invoices[3];
  if (!supply || !newest || !older || !gas.supplies[0]) return;
  const contract = { id: electricity.id, customerId };
  const at = (daysAgo: number, hour = 10) => romeInstant(addDays(ctx.today, -daysAgo), hour);
  // As the portal files them: the bill named, or for readings every bill owed on the contract then
  // (issued by the day of filing and not paid).
  const complaint = (
    key: string,
    fields: Partial<typeof complaints.$inferInsert> & { filedAt: Date },
    about: BuiltContract = electricity,
  ) => {
    const category = (fields.category ?? 'billing') as keyof typeof COMPLAINT_CATEGORIES;
    const rule = COMPLAINT_CATEGORIES[category];
    const filedOn = fields.filedAt.toISOString().slice(0, 10);
    const suspended = !rule.suspendsCollection
      ? []
      : fields.invoiceId != null
        ? [fields.invoiceId]
        : about.invoices
            .filter((i) => i.outstandingCents > 0 && addDays(i.dueDate, -PAYMENT_TERM_DAYS) <= filedOn)
            .map((i) => i.id);
    const due = complaintDueDates(category, fields.filedAt);
    const id = ctx.ids.next(complaints);
    ctx.buffer.add(complaints, {
      id,
      key,
      companyCode: ctx.company.code,
      customerId,
      supplyId: about.supplies[0]!.id,
      category,
      body: '',
      contactPreference: 'email',
      suspendsCollection: suspended.length > 0,
      channel: 'user',
      dueDate: due.reply,
      rectificationDueDate: due.rectification,
      ...fields,
    });
    for (const invoiceId of suspended)
      ctx.buffer.add(complaintSuspendedBills, { complaintId: id, invoiceId });
  };

  // Answered on the 45th day of a 30-day standard, the bill rectified with it (within its 60 days): the
  // reply's base compensation only, credited 10 days later.
  const lateKey = `RCL-${ctx.company.code.toUpperCase()}-0001`;
  const filedAt = at(130);
  const answeredAt = at(85);
  const rectified = { outcome: 'rectified', at: answeredAt } as const;
  const compensation = complaintCompensation('billing', filedAt, answeredAt, rectified, at(0)).totalCents;
  const credit = addExtraBill(
    ctx,
    contract,
    {
      typeCode: 9,
      period: {
        start: addDays(ctx.today, -75),
        end: addDays(ctx.today, -75),
        issue: addDays(ctx.today, -75),
        due: addDays(ctx.today, -55),
        closing: false,
      },
      sections: [
        {
          title: 'Indennizzi automatici',
          lines: [
            {
              label: `Indennizzo automatico per la risposta oltre i termini al reclamo n. ${lateKey}`,
              quantity: null,
              amountCents: -compensation,
            },
          ],
          totalCents: -compensation,
        },
      ],
    },
    'Paid',
  );
  complaint(lateKey, {
    invoiceId: older.id,
    body: 'La bolletta riporta un consumo doppio rispetto allo stesso periodo dell’anno scorso.',
    filedAt,
    answeredAt,
    rectificationOutcome: rectified.outcome,
    rectifiedAt: rectified.at,
    answer:
      'Abbiamo verificato le letture: il consumo fatturato era stimato. Con la lettura reale del distributore la bolletta è stata ricalcolata.',
    compensationInvoiceId: credit.id,
  });

  // Open: filed six days ago about the newest bill, whose collection waits for the answer.
  complaint(`RCL-${ctx.company.code.toUpperCase()}-0002`, {
    invoiceId: newest.id,
    body: 'Non riconosco gli oneri di sistema addebitati: chiedo il dettaglio del calcolo.',
    filedAt: at(6),
  });

  // Open for 25 days of 30, about the gas readings: the care console's queue answers it (ADR 042).
  complaint(
    `RCL-${ctx.company.code.toUpperCase()}-0003`,
    {
      category: 'metering',
      body: 'La lettura del gas di marzo in bolletta non è quella che ho comunicato con la foto del contatore.',
      filedAt: at(25),
    },
    gas,
  );

  // A late adjustment of six whole months at the supply's offer: its period starts 26 months before
  // issue, before the portal's history, so part is prescribed.
  const start = monthStart(addDays(ctx.today, -800));
  const end = monthEnd(addMonths(start, 5));
  const issue = addDays(ctx.today, -12);
  addExtraBill(
    ctx,
    contract,
    {
      typeCode: 31,
      period: { start, end, issue, due: addDays(issue, 20), closing: false },
      sections: billSections(
        [billedSupply(ctx.seed, { ...supply, curveFrom: null, name: '' }, { start, end })],
        {
          start,
          end,
        },
      ),
    },
    'Unpaid',
  );
}
