// /practices (SPEC §2, §3 "Practices: open or closed"): every request of the chosen customer, made
// anywhere in the portal, in two tabs; each row gives type, date, state and phase in words.
import { erpSupplies, PAGE_SIZE } from '@sportello/contract';
import { isRequestClosed, requestPhaseLabel, requestStatusLabel, requestTypeLabel } from '@sportello/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { callQueryOptions } from '../../../shared/api/call-query';
import { formatInstantDate } from '../../../shared/format/format';
import { useAppStore } from '../../../shared/state/app-store';
import { t } from '../i18n';
import { requestRoutes } from '../routes';
import '../requests.css';

type Tab = 'open' | 'closed';
const TABS: readonly Tab[] = ['open', 'closed'];

function RequestRow({ request }: { request: erpSupplies.RequestTicket }) {
  const type = requestTypeLabel(request.requestType);
  const date = formatInstantDate(request.CreatedDate);
  return (
    <li className="request-row">
      <h2 className="request-row__type">
        <Link
          to={requestRoutes.detail.to({ id: String(request.id) })}
          aria-label={t('requests.list.open_detail', { type, date })}
        >
          {type}
        </Link>
      </h2>
      <p className="request-row__state">{requestStatusLabel(request.Status)}</p>
      <p className="muted">{t('requests.list.created', { date })}</p>
      <p className="muted">
        {t('requests.list.phase', { phase: requestPhaseLabel(request.PhaseCode, request.Status) })}
      </p>
      {request.description ? <p>{request.description}</p> : null}
    </li>
  );
}

export default function RequestsPage() {
  const customer = useAppStore((state) => state.customer);
  const [tab, setTab] = useState<Tab>('open');
  const requests = useQuery({
    ...callQueryOptions(erpSupplies.listRequests, {
      query: { customerKey: customer?.key ?? '', pagingTake: PAGE_SIZE.default },
    }),
    enabled: Boolean(customer),
  });
  if (!customer) return null;
  const all = requests.data?.requests ?? [];
  const byTab: Record<Tab, erpSupplies.RequestTicket[]> = {
    open: all.filter((r) => !isRequestClosed(r.Status)),
    closed: all.filter((r) => isRequestClosed(r.Status)),
  };
  const shown = byTab[tab];
  // Arrow keys move between the two tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'open' ? 'closed' : 'open';
    setTab(next);
    document.getElementById(`requests-tab-${next}`)?.focus();
  };

  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('requests.list.heading')}</h1>
          <p className="page__intro">{t('requests.list.intro', { name: customer.account.name })}</p>
        </div>
      </div>
      <div
        role="tablist"
        aria-label={t('requests.list.tabs_label')}
        className="request-tabs"
        onKeyDown={onKeyDown}
      >
        {TABS.map((name) => (
          <button
            key={name}
            id={`requests-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls="requests-panel"
            tabIndex={tab === name ? 0 : -1}
            className="request-tabs__tab"
            onClick={() => setTab(name)}
          >
            {t(`requests.list.${name}`, { count: byTab[name].length })}
          </button>
        ))}
      </div>
      <div
        id="requests-panel"
        role="tabpanel"
        aria-labelledby={`requests-tab-${tab}`}
        aria-busy={requests.status === 'pending'}
      >
        {requests.status === 'pending' ? <p className="muted">{t('requests.loading')}</p> : null}
        {requests.status === 'error' ? <p className="muted">{t('requests.error')}</p> : null}
        {requests.data ? (
          shown.length ? (
            <ul className="request-list">
              {shown.map((request) => (
                <RequestRow key={request.id} request={request} />
              ))}
            </ul>
          ) : (
            <p className="muted">{t(`requests.list.empty_${tab}`)}</p>
          )
        ) : null}
      </div>
    </div>
  );
}
