// The customer on one page (ADR 041), read-only: identity, supplies, bills and what is owed, requests,
// complaints with their clocks, messages sent. The server audits every view; another brand's customer
// answers its Italian refusal here.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { staff, staffQueues, type staff as staffTypes } from '@sportello/contract';
import { formatCents, formatInstantDate, formatIsoDate } from '../../shared/format/format';
import { staffApi } from '../api';
import { TableCard } from '../components/table-card';
import { CustomerAccount } from '../customer-account/account-sections';
import { ViewAsCustomer } from '../customer-view/view-as-customer';
import { STAFF_PATHS, type PageProps } from '../paths';
import { QUEUE_PATHS } from '../queues/paths';
import { t } from '../i18n';

const COMMODITIES = ['electricity', 'gas', 'heat'] as const;
const commodityLabel = (c: string) =>
  (COMMODITIES as readonly string[]).includes(c)
    ? t(`staffConsole.customer.commodity.${c as (typeof COMMODITIES)[number]}`)
    : c;

export default function CustomerPage({ onFailure }: PageProps) {
  const { id = '' } = useParams();
  const [page, setPage] = useState<staffTypes.StaffCustomer | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    staffApi(staff.getStaffCustomer, { params: { customerId: id } })
      .then((data) => live && setPage(data))
      .catch((failure: unknown) => live && setError(onFailure(failure)));
    return () => {
      live = false;
    };
  }, [id, onFailure]);

  const back = <Link to={STAFF_PATHS.search}>{t('staffConsole.customer.back')}</Link>;
  if (error)
    return (
      <section>
        <p role="alert" className="staff-error">
          {error}
        </p>
        <p>{back}</p>
      </section>
    );
  if (!page) return <p>{t('staffConsole.customer.loading')}</p>;
  const { customer, supplies, bills, requests, complaints, messages } = page;
  const clock = (c: (typeof complaints)[number]) =>
    c.answeredAt
      ? t('staffConsole.customer.answered', { date: formatInstantDate(c.answeredAt) })
      : c.daysLeft !== null && c.daysLeft < 0
        ? t('staffConsole.customer.overdue', { days: -c.daysLeft })
        : t('staffConsole.customer.daysLeft', { count: c.daysLeft ?? 0 });
  const none = t('staffConsole.customer.none');
  const identity: [string, string][] = [
    [t('staffConsole.customer.customerCode'), customer.customerCode],
    [t('staffConsole.customer.brand'), customer.company.toUpperCase()],
    [t('staffConsole.customer.fiscalCode'), customer.fiscalCode ?? none],
    [t('staffConsole.customer.vatNumber'), customer.vatNumber ?? none],
    [t('staffConsole.customer.email'), customer.email ?? none],
    [t('staffConsole.customer.phone'), customer.phone ?? none],
  ];

  return (
    <article aria-labelledby="staff-customer-heading">
      <p>{back}</p>
      <h1 id="staff-customer-heading">{customer.name}</h1>
      <section aria-labelledby="staff-identity" className="staff-card">
        <h2 id="staff-identity">{t('staffConsole.customer.identity')}</h2>
        <dl className="staff-facts">
          {identity.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ViewAsCustomer customerId={customer.id} onFailure={onFailure} />
      <TableCard
        id="staff-supplies"
        title={t('staffConsole.customer.supplies')}
        empty={t('staffConsole.customer.suppliesEmpty')}
        columns={[
          t('staffConsole.customer.pointCode'),
          t('staffConsole.customer.status'),
          t('staffConsole.customer.address'),
        ]}
        rows={supplies}
        rowKey={(s) => s.key}
        cells={(s) => [`${commodityLabel(s.commodity)} · ${s.pointCode}`, s.status, s.address]}
      />
      <TableCard
        id="staff-bills"
        title={t('staffConsole.customer.bills')}
        intro={t('staffConsole.customer.owed', { amount: formatCents(page.owedCents) })}
        empty={t('staffConsole.customer.billsEmpty')}
        columns={[
          t('staffConsole.customer.number'),
          t('staffConsole.customer.issued'),
          t('staffConsole.customer.due'),
          t('staffConsole.customer.amount'),
          t('staffConsole.customer.outstanding'),
        ]}
        rows={bills}
        rowKey={(b) => b.key}
        cells={(b) => [
          b.number,
          formatIsoDate(b.issueDate),
          formatIsoDate(b.dueDate),
          formatCents(b.amountCents),
          formatCents(b.outstandingCents),
        ]}
      />
      <TableCard
        id="staff-requests"
        title={t('staffConsole.customer.requests')}
        intro={
          requests.length > 0
            ? t('staffConsole.customer.requestsShown', { shown: requests.length, count: page.requestCount })
            : undefined
        }
        empty={t('staffConsole.customer.requestsEmpty')}
        columns={[
          t('staffConsole.customer.requestType'),
          t('staffConsole.customer.status'),
          t('staffConsole.customer.opened'),
        ]}
        rows={requests}
        rowKey={(r) => r.key}
        cells={(r) => [
          (staffQueues.QUEUED_REQUEST_TYPES as readonly string[]).includes(r.requestType) ? (
            <Link to={QUEUE_PATHS.item({ customerId: customer.id, kind: 'request', item: String(r.id) })}>
              {r.description ?? r.requestType}
            </Link>
          ) : (
            (r.description ?? r.requestType)
          ),
          r.Status,
          formatInstantDate(r.CreatedDate),
        ]}
      />
      <TableCard
        id="staff-complaints"
        title={t('staffConsole.customer.complaints')}
        empty={t('staffConsole.customer.complaintsEmpty')}
        columns={[
          t('staffConsole.customer.complaint'),
          t('staffConsole.customer.category'),
          t('staffConsole.customer.answerDue'),
          t('staffConsole.customer.clock'),
        ]}
        rows={complaints}
        rowKey={(c) => c.key}
        cells={(c) => [
          <Link to={QUEUE_PATHS.item({ customerId: customer.id, kind: 'complaint', item: c.id })}>
            {c.key}
          </Link>,
          c.categoryLabel,
          formatIsoDate(c.dueDate),
          clock(c),
        ]}
      />
      <TableCard
        id="staff-messages"
        title={t('staffConsole.customer.messages')}
        intro={
          messages.length > 0
            ? t('staffConsole.customer.messagesShown', { shown: messages.length, count: page.messageCount })
            : undefined
        }
        empty={t('staffConsole.customer.messagesEmpty')}
        columns={[
          t('staffConsole.customer.subject'),
          t('staffConsole.customer.sent'),
          t('staffConsole.customer.read'),
        ]}
        rows={messages}
        rowKey={(m) => m.key}
        cells={(m) => [
          m.title,
          formatInstantDate(m.sentAt),
          m.readAt ? t('staffConsole.customer.readYes') : t('staffConsole.customer.readNo'),
        ]}
      />
      <CustomerAccount customerId={id} onFailure={onFailure} />
    </article>
  );
}
