// Where a business customer's electronic invoices go (ADR 067): its recipient code (codice
// destinatario) or its PEC, set in the profile. Checked (the code's 7 characters, the PEC an e-mail,
// 0000000 only with a PEC), saved, sent to the ERP as `einvoiceRecipient.changed` in the same
// transaction, and told to the contacts on file: the call needs a step-up (ADR 047, where bills go).
// A private customer's invoices go to its fiscal drawer: the setting does not apply.
import type { profile } from '@sportello/contract';
import { eInvoiceRecipientErrors, normalizeRecipientCode } from '@sportello/domain';
import type * as z from 'zod/mini';
import type { Db } from '@sportello/db/client';
import { badRequest, fieldError, unprocessable } from '../../http/app-error.js';
import { recordCustomerEvent } from '../../platform/events/outbox.js';
import { maskEmail, sendSecurityNotice } from '../../platform/notices/security-notice.js';
import type { SessionUser } from '../../platform/sessions/session-store.js';
import type { CustomersService } from '../customers/service.js';
import type { ProfileRepository } from './repository.js';

type Recipient = z.output<typeof profile.eInvoiceRecipientSchema>;
type RecipientBody = z.output<typeof profile.updateEInvoiceRecipient.body>;

export function createEInvoiceRecipients(deps: {
  repository: ProfileRepository;
  customers: CustomersService;
  notices: (tx: Db) => Parameters<typeof sendSecurityNotice>[0];
}) {
  const { repository, customers } = deps;

  const shown = (
    applies: boolean,
    row: { recipientCode: string; pec: string | null; updatedAt: Date } | undefined,
  ): Recipient => ({
    applies,
    recipientCode: row?.recipientCode ?? null,
    pec: row?.pec ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  });

  return {
    async eInvoiceRecipient(user: SessionUser, id: string): Promise<Recipient> {
      const customer = await customers.find(user, id);
      return shown(
        customer.customerType !== 'private',
        await repository.eInvoiceRecipient(Number(customer.id)),
      );
    },

    async setEInvoiceRecipient(user: SessionUser, id: string, body: RecipientBody, now: Date) {
      const customer = await customers.find(user, id);
      if (customer.customerType === 'private') throw unprocessable('einvoice_recipient_business_only');
      const recipient = {
        recipientCode: normalizeRecipientCode(body.recipientCode ?? null),
        pec: body.pec ? body.pec.toLowerCase() : null,
      };
      const errors = eInvoiceRecipientErrors(recipient);
      if (errors.length > 0)
        throw badRequest(
          'invalid_input',
          errors.map((e) => fieldError(e.field, e.code)),
        );
      const customerId = Number(customer.id);
      const row = await repository.transaction(async (tx) => {
        const saved = await repository.saveEInvoiceRecipient(tx, {
          customerId,
          ...recipient,
          updatedAt: now,
          updatedBy: user.username,
        });
        // The ERP puts it in the invoices' DatiTrasmissione from the next one (ADR 036's outbox).
        await recordCustomerEvent(tx, {
          customerId,
          kind: 'einvoiceRecipient.changed',
          entityKey: 'einvoiceRecipient',
          payload: recipient,
        });
        await sendSecurityNotice(deps.notices(tx), {
          to: { email: customer.account.email, phoneMobile: customer.account.phoneMobile },
          company: user.companyCode,
          name: customer.account.name,
          event: {
            kind: 'einvoice-recipient-changed',
            to: recipient.pec
              ? `codice destinatario ${recipient.recipientCode}, PEC ${maskEmail(recipient.pec)}`
              : `codice destinatario ${recipient.recipientCode}`,
          },
          key: `notice:einvoice-recipient:${customerId}:${now.getTime()}`,
          now,
        });
        return saved;
      });
      return shown(true, row);
    },
  };
}
