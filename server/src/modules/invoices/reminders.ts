// Payment reminders (ADR 035): "Bolletta in scadenza" a few days before a bill's due date and
// "Bolletta scaduta" a few days after it, once per bill and kind, for bills still owed that are not
// paid by direct debit — and never for a bill whose collection an open complaint suspends (ARERA TIQV,
// ADR 030). Which bill is owed which reminder is @sportello/domain's `paymentReminderDue`; the claim in
// SQL makes it once whichever process finds it first, and queues it in the same transaction, so a
// process stopped mid-sweep leaves it to the jobs worker, not untold. The reminder is a technical notice of the bill
// (the `invoice` event), so it follows the customer's flags and channels and opens the bill.
import {
  formatDate,
  formatEuro,
  billToPay,
  type BillPayFacts,
  paymentReminderDue,
  paymentReminderDueDates,
  todayInRome,
  type PaymentReminderKind,
} from '@sportello/domain';
import type { NotificationsService } from '../notifications/service.js';
import { payFactsOf } from './pay-facts.js';
import type { RemindersRepository } from './reminders-repository.js';

type Bill = Awaited<ReturnType<RemindersRepository['owedDueBetween']>>[number] & BillPayFacts;

export const REMINDER_TITLES: Record<PaymentReminderKind, string> = {
  dueSoon: 'Bolletta in scadenza',
  overdue: 'Bolletta scaduta',
};

function reminderText(kind: PaymentReminderKind, bill: Bill, today: string): string {
  const due = formatDate(bill.dueDate);
  const owed = formatEuro(billToPay(bill, today).yoursCents);
  if (kind === 'overdue') {
    return `La bolletta n. ${bill.number} è scaduta il ${due} e risulta ancora da pagare: restano ${owed}. Se l’hai pagata negli ultimi giorni, non considerare questo avviso.`;
  }
  const when = bill.dueDate === today ? 'scade oggi' : `scade il ${due}`;
  return `La bolletta n. ${bill.number} di ${owed} ${when}. Puoi pagarla online dalla pagina della bolletta.`;
}

export function createPaymentReminders(deps: {
  repository: RemindersRepository;
  notifications: Pick<NotificationsService, 'queued'>;
}) {
  return {
    /** Sends the reminders owed on `now`'s day that were not sent yet; answers how many it claimed. */
    async sendPaymentReminders(now: Date): Promise<number> {
      const today = todayInRome(now);
      const { from, to } = paymentReminderDueDates(today);
      const owed = (await deps.repository.owedDueBetween(from, to)).flatMap((row) => {
        const bill = { ...row, ...payFactsOf(row, row.paymentPending, row) };
        const kind = paymentReminderDue(bill, today);
        return kind ? [{ bill, kind }] : [];
      });
      return deps.notifications.queued.claimAndSend(
        async (tx) => {
          const claimed = [];
          for (const owes of owed)
            if (await deps.repository.claim(tx, owes.bill.id, owes.kind, now)) claimed.push(owes);
          return claimed;
        },
        async ({ bill, kind }) => ({
          key: `payment-reminder:${bill.id}:${kind}`,
          payload: {
            kind: 'invoice',
            customerId: bill.customerId,
            entityKey: bill.key,
            title: REMINDER_TITLES[kind],
            body: reminderText(kind, bill, today),
            linkParams: { invoiceTypeCodes: [bill.invoiceTypeCode] },
          },
        }),
        now,
      );
    },
  };
}
