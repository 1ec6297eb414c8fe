// The work queues (ADR 042): the open items of the account's brands, oldest first, each with its clock;
// filtered by queue, brand and state. Supervisors and administrators also see what is about to miss its
// due day or was escalated to them.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  COMPANY_CODES,
  staff,
  staffQueues,
  type CompanyCode,
  type staffQueues as queueTypes,
} from '@sportello/contract';
import { formatInstantDate, formatIsoDate } from '../../shared/format/format';
import { staffApi } from '../api';
import { TableCard } from '../components/table-card';
import { t } from '../i18n';
import type { PageProps, StaffSession } from '../paths';
import { clockText, statusText } from './clock';
import { QUEUE_PATHS } from './paths';
import './queues.css';

type Item = queueTypes.QueueItem;
interface Filters {
  queue: queueTypes.Queue | '';
  brand: CompanyCode | '';
  state: (typeof staffQueues.QUEUE_STATES)[number];
}

/** The filters of this tab, so coming back from an item shows the same queue. */
let lastFilters: Filters = { queue: '', brand: '', state: 'open' };

function ItemsTable({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: Item[];
}) {
  return (
    <TableCard
      id={id}
      title={title}
      intro={items.length > 0 ? t('staffQueues.count', { count: items.length }) : undefined}
      empty={empty}
      columns={[
        t('staffQueues.columns.what'),
        t('staffQueues.columns.customer'),
        t('staffQueues.columns.queue'),
        t('staffQueues.columns.opened'),
        t('staffQueues.columns.due'),
        t('staffQueues.columns.clock'),
        t('staffQueues.columns.assignee'),
        t('staffQueues.columns.status'),
      ]}
      rows={items}
      rowKey={(i) => `${i.kind}-${i.item}`}
      cells={(i) => [
        <Link key="what" to={QUEUE_PATHS.item(i)}>
          {i.what} <span className="staff-hint">({i.key})</span>
        </Link>,
        `${i.customerName} · ${i.company.toUpperCase()}`,
        t(`staffQueues.queues.${i.queue}`),
        formatInstantDate(i.openedAt),
        formatIsoDate(i.dueDate),
        <span key="clock" className={i.daysLeft !== null && i.daysLeft < 0 ? 'staff-overdue' : undefined}>
          {clockText(i)}
        </span>,
        i.assignee?.displayName ?? t('staffQueues.nobody'),
        i.escalated ? `${statusText(i.status)} · ${t('staffQueues.escalated')}` : statusText(i.status),
      ]}
    />
  );
}

export default function QueuePage({ onFailure }: PageProps) {
  const [session, setSession] = useState<StaffSession | null>(null);
  const [filters, setFilters] = useState<Filters>(lastFilters);
  const [shown, setShown] = useState<Filters>(lastFilters);
  const [items, setItems] = useState<Item[] | null>(null);
  const [atRisk, setAtRisk] = useState<Item[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    staffApi(staff.getStaffSession)
      .then((s) => {
        if (!live) return;
        setSession(s);
        if (s.role !== 'operator')
          return staffApi(staffQueues.listStaffAtRisk).then((r) => live && setAtRisk(r.items));
      })
      .catch((failure: unknown) => live && setError(onFailure(failure)));
    return () => {
      live = false;
    };
  }, [onFailure]);

  useEffect(() => {
    let live = true;
    staffApi(staffQueues.listStaffQueue, {
      query: {
        state: shown.state,
        ...(shown.queue ? { queue: shown.queue } : {}),
        ...(shown.brand ? { brand: shown.brand } : {}),
      },
    })
      .then((r) => live && setItems(r.items))
      .catch((failure: unknown) => live && setError(onFailure(failure)));
    return () => {
      live = false;
    };
  }, [shown, onFailure]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    lastFilters = filters;
    setItems(null);
    setShown({ ...filters });
  };
  const brands = (session?.brands ?? []).filter((b) => (COMPANY_CODES as readonly string[]).includes(b));

  return (
    <section aria-labelledby="staff-queues-heading">
      <h1 id="staff-queues-heading">{t('staffQueues.heading')}</h1>
      <p>{t('staffQueues.intro')}</p>
      <form className="staff-card staff-filters" onSubmit={apply} aria-labelledby="staff-queue-filters">
        <h2 id="staff-queue-filters" className="staff-filters__title">
          {t('staffQueues.filters')}
        </h2>
        <label>
          {t('staffQueues.queue')}
          <select
            value={filters.queue}
            onChange={(e) => setFilters({ ...filters, queue: e.target.value as Filters['queue'] })}
          >
            <option value="">{t('staffQueues.all')}</option>
            {staffQueues.QUEUES.map((q) => (
              <option key={q} value={q}>
                {t(`staffQueues.queues.${q}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('staffQueues.brand')}
          <select
            value={filters.brand}
            onChange={(e) => setFilters({ ...filters, brand: e.target.value as Filters['brand'] })}
          >
            <option value="">{t('staffQueues.allBrands')}</option>
            {brands.map((b) => (
              <option key={b} value={b}>
                {b.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('staffQueues.state')}
          <select
            value={filters.state}
            onChange={(e) => setFilters({ ...filters, state: e.target.value as Filters['state'] })}
          >
            {staffQueues.QUEUE_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`staffQueues.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('staffQueues.apply')}</button>
      </form>
      {error ? (
        <p role="alert" className="staff-error">
          {error}
        </p>
      ) : null}
      {atRisk ? (
        <ItemsTable
          id="staff-at-risk"
          title={t('staffQueues.atRisk', { days: staffQueues.AT_RISK_DAYS })}
          empty={t('staffQueues.atRiskEmpty')}
          items={atRisk}
        />
      ) : null}
      <div aria-live="polite">
        {items === null ? (
          <p>{t('staffQueues.loading')}</p>
        ) : (
          <ItemsTable
            id="staff-queue"
            title={`${shown.queue ? t(`staffQueues.queues.${shown.queue}`) : t('staffQueues.all')} · ${t(`staffQueues.states.${shown.state}`)}`}
            empty={t('staffQueues.empty')}
            items={items}
          />
        )}
      </div>
    </section>
  );
}
