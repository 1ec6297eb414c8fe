// The rest of the customer on one page (ADR 045): payments, readings, consents and their changes, open sessions,
// delegations, notifications sent and the customer's security events, the latest of each, and the
// account's actions. Its own call, so the page's first part paints without waiting for it.
import { useCallback, useEffect, useState } from 'react';
import { passkeys, staffAccount } from '@sportello/contract';
import { formatDateTimeRome } from '@sportello/domain';
import { formatCents, formatIsoDate } from '../../shared/format/format';
import { staffApi } from '../api';
import { TableCard } from '../components/table-card';
import { t } from '../i18n';
import { AccountActions } from './account-actions';

type Account = staffAccount.StaffCustomerAccount;

const known = <K extends string>(keys: readonly K[], value: string): value is K =>
  (keys as readonly string[]).includes(value);
const NOTE_KEYS = ['implausible', 'implausible_confirmed', 'meter_replaced'] as const;
const CONSENT_KEYS = ['privacyCompany', 'privacyOthers', 'commercial', 'technical'] as const;
const CONSENT_CHANNEL_KEYS = ['portal', 'registration'] as const;
const JOB_KEYS = ['pending', 'done', 'failed'] as const;
const PAYMENT_STATUS_KEYS = [
  'Pending',
  'Paid',
  'Refused',
  'Cancelled',
  'Expired',
  'collected',
  'returned',
] as const;
const CHANNEL_KEYS = ['gateway', 'bank', 'post', 'directDebit'] as const;
const SOURCE_KEYS = ['self', 'distributor', 'estimated'] as const;
const READING_STATUS_KEYS = ['validated', 'refused', 'received'] as const;
const EVENT_KEYS = passkeys.SECURITY_EVENT_KINDS;

export function CustomerAccount({
  customerId,
  onFailure,
}: {
  customerId: string;
  onFailure: (failure: unknown) => string;
}) {
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    () =>
      staffApi(staffAccount.getStaffCustomerAccount, { params: { customerId } })
        .then(setAccount)
        .catch((failure: unknown) => setError(onFailure(failure))),
    [customerId, onFailure],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (error)
    return (
      <p role="alert" className="staff-error">
        {error}
      </p>
    );
  if (!account) return <p>{t('staffAccount.loading')}</p>;
  const limit = t('staffAccount.limit', { limit: account.limit });
  const when = (at: string) => formatDateTimeRome(new Date(at));
  const yesNo = (given: boolean) => (given ? t('staffAccount.yes') : t('staffAccount.no'));
  const consentName = (consent: string) =>
    known(CONSENT_KEYS, consent) ? t(`staffAccount.consentKinds.${consent}`) : consent;
  return (
    <>
      <AccountActions customerId={customerId} account={account} onDone={load} onFailure={onFailure} />
      <TableCard
        id="staff-payments"
        title={t('staffAccount.payments')}
        intro={limit}
        empty={t('staffAccount.paymentsEmpty')}
        columns={[
          t('staffAccount.at'),
          t('staffAccount.paymentSource'),
          t('staffAccount.paymentAmount'),
          t('staffAccount.paymentBill'),
          t('staffAccount.status'),
        ]}
        rows={account.payments}
        rowKey={(p) => `${p.source}-${p.at}-${p.amountCents}-${p.billNumber ?? ''}`}
        cells={(p) => [
          when(p.at),
          `${t(`staffAccount.source.${p.source}`)} · ${
            known(CHANNEL_KEYS, p.channel) ? t(`staffAccount.paymentChannel.${p.channel}`) : p.channel
          }`,
          formatCents(p.amountCents),
          p.billNumber ?? '—',
          known(PAYMENT_STATUS_KEYS, p.status) ? t(`staffAccount.paymentStatus.${p.status}`) : p.status,
        ]}
      />
      <TableCard
        id="staff-readings"
        title={t('staffAccount.readings')}
        intro={limit}
        empty={t('staffAccount.readingsEmpty')}
        columns={[
          t('staffAccount.readingDate'),
          t('staffAccount.readingPoint'),
          t('staffAccount.readingValues'),
          t('staffAccount.readingNotes'),
        ]}
        rows={account.readings}
        rowKey={(r) => `${r.pointCode}-${r.date}-${r.values}`}
        cells={(r) => [
          formatIsoDate(r.date),
          r.pointCode,
          r.values,
          [
            r.selfReading
              ? t('staffAccount.selfReading')
              : known(SOURCE_KEYS, r.source)
                ? t(`staffAccount.readingSource.${r.source}`)
                : r.source,
            ...r.notes.map((n) =>
              known(NOTE_KEYS, n)
                ? t(`staffAccount.notes.${n}`)
                : known(READING_STATUS_KEYS, n)
                  ? t(`staffAccount.readingStatus.${n}`)
                  : n,
            ),
          ].join(' · '),
        ]}
      />
      <TableCard
        id="staff-consents"
        title={t('staffAccount.consents')}
        intro={t('staffAccount.consentsIntro')}
        empty={t('staffAccount.consentsEmpty')}
        columns={[
          t('staffAccount.consent'),
          t('staffAccount.consentSubject'),
          t('staffAccount.consentGiven'),
          t('staffAccount.consentSince'),
        ]}
        rows={account.consents}
        rowKey={(c) => `${c.subject}-${c.consent}`}
        cells={(c) => [consentName(c.consent), c.subject, yesNo(c.given), c.since ? when(c.since) : '—']}
      />
      <TableCard
        id="staff-consent-changes"
        title={t('staffAccount.consentChanges')}
        intro={limit}
        empty={t('staffAccount.consentChangesEmpty')}
        columns={[
          t('staffAccount.at'),
          t('staffAccount.consent'),
          t('staffAccount.consentSubject'),
          t('staffAccount.consentChange'),
          t('staffAccount.consentChannel'),
          t('staffAccount.consentWho'),
        ]}
        rows={account.consentChanges}
        rowKey={(c) => `${c.at}-${c.subject}-${c.consent}`}
        cells={(c) => [
          when(c.at),
          consentName(c.consent),
          c.subject,
          c.from === null
            ? t('staffAccount.consentFirst', { to: yesNo(c.to) })
            : `${yesNo(c.from)} → ${yesNo(c.to)}`,
          known(CONSENT_CHANNEL_KEYS, c.channel) ? t(`staffAccount.consentChannels.${c.channel}`) : c.channel,
          c.who,
        ]}
      />
      <TableCard
        id="staff-sessions"
        title={t('staffAccount.sessions')}
        intro={limit}
        empty={t('staffAccount.sessionsEmpty')}
        columns={[
          t('staffAccount.device'),
          t('staffAccount.username'),
          t('staffAccount.opened'),
          t('staffAccount.lastSeen'),
        ]}
        rows={account.sessions}
        rowKey={(s) => `${s.username}-${s.createdAt}-${s.device}`}
        cells={(s) => [s.device, s.username, when(s.createdAt), when(s.lastSeenAt)]}
      />
      <TableCard
        id="staff-delegations"
        title={t('staffAccount.delegations')}
        intro={limit}
        empty={t('staffAccount.delegationsEmpty')}
        columns={[
          t('staffAccount.delegationWho'),
          t('staffAccount.delegationDirection'),
          t('staffAccount.status'),
          t('staffAccount.at'),
        ]}
        rows={account.delegations}
        rowKey={(d) => `${d.direction}-${d.who}-${d.at}`}
        cells={(d) => [d.who, t(`staffAccount.direction.${d.direction}`), d.status, when(d.at)]}
      />
      <TableCard
        id="staff-notifications"
        title={t('staffAccount.notifications')}
        intro={limit}
        empty={t('staffAccount.notificationsEmpty')}
        columns={[
          t('staffAccount.subject'),
          t('staffAccount.channel'),
          t('staffAccount.at'),
          t('staffAccount.status'),
        ]}
        rows={account.notifications}
        rowKey={(n) => `${n.at}-${n.channel}-${n.subject ?? ''}`}
        cells={(n) => [
          n.subject ?? t('staffAccount.noSubject'),
          t(`staffAccount.channels.${n.channel}`),
          when(n.at),
          known(JOB_KEYS, n.status) ? t(`staffAccount.jobStatus.${n.status}`) : n.status,
        ]}
      />
      <TableCard
        id="staff-events"
        title={t('staffAccount.events')}
        intro={limit}
        empty={t('staffAccount.eventsEmpty')}
        columns={[
          t('staffAccount.event'),
          t('staffAccount.username'),
          t('staffAccount.at'),
          t('staffAccount.detail'),
        ]}
        rows={account.securityEvents}
        rowKey={(e) => `${e.at}-${e.kind}-${e.username}`}
        cells={(e) => [
          known(EVENT_KEYS, e.kind) ? t(`staffAccount.eventKinds.${e.kind}`) : e.kind,
          e.username,
          when(e.at),
          e.detail ?? '—',
        ]}
      />
    </>
  );
}
