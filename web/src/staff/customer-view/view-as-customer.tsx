// "Vedi come il cliente" on the staff customer page (ADR 043): the reason, then a
// new tab at /consultazione#<code>: the code is single-use, lives a minute, and only this console's
// staff session may spend it; the fragment never reaches a server. Below, the customer's past views.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  staffViews,
  VIEW_NOTE_MAX,
  VIEW_REASON_LABELS,
  VIEW_REASONS,
  type ViewReason,
} from '@sportello/contract';
import { formatInstantDate } from '../../shared/format/format';
import { romeTime } from '../../shared/staff-view/rome-time';
import { VIEW_PATH } from '../../shared/staff-view/view-path';
import { staffApi, StaffFailure } from '../api';
import { TableCard } from '../components/table-card';
import { t } from '../i18n';

const label = (reason: ViewReason) => VIEW_REASON_LABELS[reason];
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function ViewAsCustomer({
  customerId,
  onFailure,
}: {
  customerId: string;
  onFailure: (failure: unknown) => string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [views, setViews] = useState<staffViews.StaffView[] | null>(null);

  const load = useCallback(
    () =>
      staffApi(staffViews.listStaffViews, { params: { customerId } })
        .then(setViews)
        .catch((failure: unknown) => setError(onFailure(failure))),
    [customerId, onFailure],
  );
  useEffect(() => void load(), [load]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = String(form.get('note') ?? '').trim();
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const opened = await staffApi(staffViews.openStaffView, {
        params: { customerId },
        // An empty reason is the server's to refuse, with the same message as any other client.
        body: {
          reason: String(form.get('reason') ?? '') as ViewReason,
          ...(note ? { note } : {}),
        },
      });
      // With an opener, so the new tab holds this console's session to spend the code with.
      const tab = window.open(`${VIEW_PATH}#${opened.code}`, '_blank');
      setStatus(tab ? t('staffView.opened', { time: romeTime(opened.endsAt) }) : t('staffView.blocked'));
      await load();
    } catch (failure) {
      const field = failure instanceof StaffFailure ? failure.errors[0]?.message : undefined;
      setError(field ?? onFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section aria-labelledby="staff-view-heading" className="staff-card">
        <h2 id="staff-view-heading">{t('staffView.heading')}</h2>
        <p>{t('staffView.intro')}</p>
        <form onSubmit={(e) => void submit(e)} noValidate className="staff-form">
          <label htmlFor="staff-view-reason">{t('staffView.reason')}</label>
          <select
            id="staff-view-reason"
            name="reason"
            required
            defaultValue=""
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'staff-view-error' : undefined}
          >
            <option value="">{t('staffView.reasonPlaceholder')}</option>
            {VIEW_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {capitalised(label(reason))}
              </option>
            ))}
          </select>
          <label htmlFor="staff-view-note">{t('staffView.note')}</label>
          <input id="staff-view-note" name="note" maxLength={VIEW_NOTE_MAX} autoComplete="off" />
          {error ? (
            <p id="staff-view-error" role="alert" className="staff-error">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy}>
            {busy ? t('staffView.opening') : t('staffView.submit')}
          </button>
          <p role="status" className="staff-hint">
            {status}
          </p>
        </form>
      </section>
      {views ? (
        <TableCard
          id="staff-views"
          title={t('staffView.history')}
          empty={t('staffView.historyEmpty')}
          columns={[t('staffView.when'), t('staffView.who'), t('staffView.why'), t('staffView.until')]}
          rows={views}
          rowKey={(v) => v.at + v.staff}
          cells={(v) => {
            const why = capitalised(label(v.reason)) + (v.note ? ` — ${v.note}` : '');
            return [
              `${formatInstantDate(v.at)} ${romeTime(v.at)}`,
              v.staff,
              v.opened ? why : t('staffView.notOpened', { reason: why }),
              romeTime(v.endsAt),
            ];
          }}
        />
      ) : null}
    </>
  );
}
