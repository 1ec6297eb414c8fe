// The customer on one page (ADR 041), read-only: identity, supplies, bills and what is owed, requests,
// complaints with their clocks, messages sent. The server audits every view; another brand's customer
// answers its Italian refusal here.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { staff, type staff as staffTypes } from '@sportello/contract';
import { formatCents, formatInstantDate, formatIsoDate } from '../../shared/format/format';
import { staffApi } from '../api';
import { STAFF_PATHS, type PageProps } from '../paths';
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
      <section aria-labelledby="staff-supplies" className="staff-card">
        <h2 id="staff-supplies">{t('staffConsole.customer.supplies')}</h2>
        {supplies.length === 0 ? (
          <p className="staff-empty">{t('staffConsole.customer.suppliesEmpty')}</p>
        ) : (
          // Scrolls sideways at 375 px: focusable, so a keyboard can scroll it too.
          <div className="staff-table-wrap" tabIndex={0} role="region" aria-labelledby="staff-supplies">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('staffConsole.customer.pointCode')}</th>
                  <th scope="col">{t('staffConsole.customer.status')}</th>
                  <th scope="col">{t('staffConsole.customer.address')}</th>
                </tr>
              </thead>
              <tbody>
                {supplies.map((s) => (
                  <tr key={s.key}>
                    <th scope="row">
                      {commodityLabel(s.commodity)} · {s.pointCode}
                    </th>
                    <td>{s.status}</td>
                    <td>{s.address}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="staff-bills" className="staff-card">
        <h2 id="staff-bills">{t('staffConsole.customer.bills')}</h2>
        <p>{t('staffConsole.customer.owed', { amount: formatCents(page.owedCents) })}</p>
        {bills.length === 0 ? (
          <p className="staff-empty">{t('staffConsole.customer.billsEmpty')}</p>
        ) : (
          <div className="staff-table-wrap" tabIndex={0} role="region" aria-labelledby="staff-bills">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('staffConsole.customer.number')}</th>
                  <th scope="col">{t('staffConsole.customer.issued')}</th>
                  <th scope="col">{t('staffConsole.customer.due')}</th>
                  <th scope="col">{t('staffConsole.customer.amount')}</th>
                  <th scope="col">{t('staffConsole.customer.outstanding')}</th>
                </tr>
              </thead>
              <tbody>
                {bills.map((b) => (
                  <tr key={b.key}>
                    <th scope="row">{b.number}</th>
                    <td>{formatIsoDate(b.issueDate)}</td>
                    <td>{formatIsoDate(b.dueDate)}</td>
                    <td>{formatCents(b.amountCents)}</td>
                    <td>{formatCents(b.outstandingCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="staff-requests" className="staff-card">
        <h2 id="staff-requests">{t('staffConsole.customer.requests')}</h2>
        {requests.length === 0 ? (
          <p className="staff-empty">{t('staffConsole.customer.requestsEmpty')}</p>
        ) : (
          <>
            <p>
              {t('staffConsole.customer.requestsShown', { shown: requests.length, count: page.requestCount })}
            </p>
            <div className="staff-table-wrap" tabIndex={0} role="region" aria-labelledby="staff-requests">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('staffConsole.customer.requestType')}</th>
                    <th scope="col">{t('staffConsole.customer.status')}</th>
                    <th scope="col">{t('staffConsole.customer.opened')}</th>
                  </tr>
                </thead>
                <tbody>
                  {requests.map((r) => (
                    <tr key={r.key}>
                      <th scope="row">{r.description ?? r.requestType}</th>
                      <td>{r.Status}</td>
                      <td>{formatInstantDate(r.CreatedDate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <section aria-labelledby="staff-complaints" className="staff-card">
        <h2 id="staff-complaints">{t('staffConsole.customer.complaints')}</h2>
        {complaints.length === 0 ? (
          <p className="staff-empty">{t('staffConsole.customer.complaintsEmpty')}</p>
        ) : (
          <div className="staff-table-wrap" tabIndex={0} role="region" aria-labelledby="staff-complaints">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('staffConsole.customer.complaint')}</th>
                  <th scope="col">{t('staffConsole.customer.category')}</th>
                  <th scope="col">{t('staffConsole.customer.answerDue')}</th>
                  <th scope="col">{t('staffConsole.customer.clock')}</th>
                </tr>
              </thead>
              <tbody>
                {complaints.map((c) => (
                  <tr key={c.key}>
                    <th scope="row">{c.key}</th>
                    <td>{c.categoryLabel}</td>
                    <td>{formatIsoDate(c.dueDate)}</td>
                    <td>{clock(c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="staff-messages" className="staff-card">
        <h2 id="staff-messages">{t('staffConsole.customer.messages')}</h2>
        {messages.length === 0 ? (
          <p className="staff-empty">{t('staffConsole.customer.messagesEmpty')}</p>
        ) : (
          <>
            <p>
              {t('staffConsole.customer.messagesShown', { shown: messages.length, count: page.messageCount })}
            </p>
            <div className="staff-table-wrap" tabIndex={0} role="region" aria-labelledby="staff-messages">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('staffConsole.customer.subject')}</th>
                    <th scope="col">{t('staffConsole.customer.sent')}</th>
                    <th scope="col">{t('staffConsole.customer.read')}</th>
                  </tr>
                </thead>
                <tbody>
                  {messages.map((m) => (
                    <tr key={m.key}>
                      <th scope="row">{m.title}</th>
                      <td>{formatInstantDate(m.sentAt)}</td>
                      <td>
                        {m.readAt ? t('staffConsole.customer.readYes') : t('staffConsole.customer.readNo')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </article>
  );
}
