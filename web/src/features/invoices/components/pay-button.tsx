// Starts a payment of bills or installments: the server computes the total from what is owed and
// answers the gateway page, where the browser goes. Shown only with the `pay` module.
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAppStore } from '../../../shared/state/app-store';
import { startPayment } from '../api/queries';
import { t } from '../i18n';

interface PayButtonProps {
  payKind: 'Invoices' | 'Installments';
  ids: readonly string[];
  returnInvoiceId?: string;
  children: ReactNode;
  className?: string;
}

export function PayButton({ payKind, ids, returnInvoiceId, children, className }: PayButtonProps) {
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
        onClick={() =>
          pay.mutate({
            body: {
              payKind,
              items: ids.map((id) => ({ id })),
              ...(returnInvoiceId ? { returnInvoiceId } : {}),
            },
          })
        }
      >
        {children}
      </button>
      <p role="status" className="bill-pay__status">
        {busy ? t('invoices.payment.starting') : pay.isError ? t('invoices.payment.error') : ''}
      </p>
    </>
  );
}
