// Dashboard (SPEC §2): the chosen customer's supplies, invoices to pay, unread messages and
// notifications, and shortcuts to the enabled modules. Invoices show only with an invoice module.
import { erpCustomers, type ModuleKey } from '@sportello/contract';
import { useQuery, useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { Suspense } from 'react';
import {
  activeNotifications,
  activeSupplies,
  insolvencies,
  outstandingInvoices,
  pendingPriceChanges,
  unreadMessages,
  windowOrNone,
} from '../api/queries';
import { t } from '../i18n';
import { Link } from 'react-router';
import { useAppStore } from '../../../shared/state/app-store';
import { BrandLoader } from '../../../shared/ui/loading-overlay';
import type { ApiFailure } from '../../../shared/api/api-client';
import { callQueryOptions } from '../../../shared/api/call-query';
import { isRouteAvailable, useAvailability } from '../../../shared/navigation/route-availability';
import { InsolvencyNotice } from '../../../shared/payments/insolvency-notice';
import { invoiceRoutes } from '../../invoices/routes';
import { InvoicesSection } from '../components/invoices-section';
import { MessagesSection } from '../components/messages-section';
import { NotificationsSection } from '../components/notifications-section';
import { PriceChangeSection } from '../components/price-change-section';
import { ReadingWindowSection } from '../components/reading-window-section';
import { ShortcutsSection } from '../components/shortcuts-section';
import { SuppliesSection } from '../components/supplies-section';
import { customerRoutes } from '../../customers/routes';
import { meteringRoutes } from '../../metering/routes';
import '../dashboard.css';

const INVOICE_MODULES: readonly ModuleKey[] = ['fatt', 'panoram', 'dettFatt'];

/**
 * Starts every card's read at once, while the page renders and before the cards suspend (under one
 * Suspense boundary a card renders only after the one before it has its answer, and an effect runs
 * only once the boundary shows). The reads that need another's answer (each supply's reading
 * window, a bill's installments) start as soon as it arrives: the page waits two round trips.
 */
function useCardReads(
  customer: { id: string; key: string } | null,
  enabled: { invoices: boolean; insolvency: boolean; readingWindows: boolean },
) {
  const client = useQueryClient();
  if (!customer) return;
  // Like usePrefetchQuery: nothing is asked again while an answer is held or on its way.
  const read = <T,>(options: FetchQueryOptions<T, ApiFailure, T, QueryKey>, then?: (data: T) => void) => {
    if (client.getQueryState(options.queryKey)) return;
    client
      .fetchQuery(options)
      .then(then)
      .catch(() => undefined);
  };
  read(activeSupplies(customer.key), (data) => {
    if (enabled.readingWindows) for (const supply of data.supplies) read(windowOrNone(supply.id));
  });
  read(unreadMessages(customer.key));
  read(pendingPriceChanges(customer.key));
  read(activeNotifications());
  // Each bill answers its next installment itself (`toPay`): no second read per bill in installments.
  if (enabled.invoices) read(outstandingInvoices(customer.id));
  if (enabled.insolvency) read(insolvencies(customer.id));
}

/**
 * A user with one customer has nothing to change to (the customers page would offer one choice).
 * Same query as the customers page's list, which has usually just loaded it. Its own component: a
 * query's answer re-renders whoever reads it at once, in one task, and here that is the link alone,
 * not the page and all its cards.
 */
function ChangeCustomerLink() {
  const customers = useQuery(callQueryOptions(erpCustomers.listCustomers));
  if ((customers.data?.count ?? 0) <= 1) return null;
  return (
    <Link to={customerRoutes.choice.to()} className="button button--secondary">
      {t('dashboard.change_customer')}
    </Link>
  );
}

export default function DashboardPage() {
  const customer = useAppStore((state) => state.customer);
  const invoicesEnabled = useAppStore((state) => INVOICE_MODULES.some((key) => state.modules?.includes(key)));
  // SPEC §6: the insolvency lookup is made only where panoram is enabled.
  const insolvencyEnabled = useAppStore((state) => state.modules?.includes('panoram') ?? false);
  const readingWindows = isRouteAvailable(meteringRoutes.selfReading, useAvailability());
  useCardReads(customer, { invoices: invoicesEnabled, insolvency: insolvencyEnabled, readingWindows });
  // The guards never let a user here without a customer.
  if (!customer) return null;
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('dashboard.greeting', { name: customer.account.name })}</h1>
          <p className="page__intro">{t('dashboard.client_code', { code: customer.customerId })}</p>
        </div>
        <ChangeCustomerLink />
      </div>
      {/* One boundary: the cards appear together, so the page does not jump as answers arrive. */}
      <Suspense fallback={<BrandLoader />}>
        <div className="dashboard-grid" key={customer.id}>
          {/* What to pay leads: a debt at risk of suspension, then the bills and by when. */}
          <InsolvencyNotice
            customerId={customer.id}
            billPath={(id) => invoiceRoutes.detail.to({ id })}
            className="card"
          />
          {invoicesEnabled ? <InvoicesSection customerId={customer.id} /> : null}
          <ReadingWindowSection customerKey={customer.key} />
          <PriceChangeSection customerKey={customer.key} />
          <MessagesSection customerKey={customer.key} />
          <NotificationsSection customerId={customer.id} />
          <SuppliesSection customerKey={customer.key} />
          <ShortcutsSection />
        </div>
      </Suspense>
    </div>
  );
}
