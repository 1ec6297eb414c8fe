// Starts a payment of bills or installments: the server computes the total from what is owed and
// answers the gateway page, where the browser goes. Shown only with the `pay` module. Shared by the
// bill pages and the dashboard's 'Paga tutto'. A refusal (a bill whose payment waits for
// confirmation, an installment out of order) is said once, inline, in the server's words, which
// name the bill: never a popup as well.
import { erpPayments } from '@sportello/contract';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callMutation } from '../api/call-query';
import { t } from '../i18n';
import { useAppStore } from '../state/app-store';

const startPayment = callMutation(erpPayments.createPayment, {
  quiet: true,
  onSuccess: (payment) => {
    if (payment.redirectUrl) window.location.assign(payment.redirectUrl);
  },
});

interface PayButtonProps {
  payKind: 'Invoices' | 'Installments';
  ids: readonly string[];
  returnInvoiceId?: string;
  children: ReactNode;
  className?: string;
  /** An accessible name when the visible words alone do not say what is paid. */
  label?: string;
  /** The customer chose to pay bills the bank would debit: the server tells the ERP to skip them. */
  skipDirectDebit?: boolean;
}

export function PayButton({
  payKind,
  ids,
  returnInvoiceId,
  children,
  className,
  label,
  skipDirectDebit,
}: PayButtonProps) {
  const payEnabled = useAppStore((state) => state.modules?.includes('pay') ?? false);
  const pay = useMutation(startPayment);
  if (!payEnabled) return null;
  const busy = pay.isPending || pay.isSuccess;
  return (
    <>
      <button
        type="button"
        className={className ?? 'button button--primary'}
        disabled={ids.length === 0 || busy}
        aria-disabled={ids.length === 0 || busy}
        aria-label={label}
        onClick={() =>
          pay.mutate({
            body: {
              payKind,
              items: ids.map((id) => ({ id })),
              ...(returnInvoiceId ? { returnInvoiceId } : {}),
              ...(skipDirectDebit ? { skipDirectDebit } : {}),
            },
          })
        }
      >
        {children}
      </button>
      <p role="status" className="bill-pay__status">
        {busy ? t('payment.starting') : pay.isError ? pay.error.message || t('payment.error') : ''}
      </p>
    </>
  );
}
