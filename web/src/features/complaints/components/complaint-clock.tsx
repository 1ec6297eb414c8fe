// A complaint's clocks: its state, the day the reply is due and the days left (or late), the answer's
// day; for a billing complaint the rectification's due or done day; the automatic compensation owed
// with the bill it was credited on. Every figure is the
// server's (computed once, in @sportello/domain); nothing is recomputed here.
import type { erpComplaints } from '@sportello/contract';
import { formatCents, formatInstantDate, formatIsoDate } from '../../../shared/format/format';
import { t } from '../i18n';

function countdown(daysLeft: number) {
  if (daysLeft > 0) return t('complaints.clock.left', { count: daysLeft });
  if (daysLeft === 0) return t('complaints.clock.today');
  return t('complaints.clock.late', { count: -daysLeft });
}

/** A complaint's clocks; one looked up without an account has no bill credited nor suspension to say. */
type Clocked = Omit<erpComplaints.GuestComplaint, 'pdf'> &
  Partial<Pick<erpComplaints.Complaint, 'compensationInvoice' | 'suspendsCollection'>>;

export function ComplaintClock({ complaint: c }: { complaint: Clocked }) {
  return (
    <div className="complaint-clock">
      <p className={`complaint-state complaint-state--${c.state}`}>{t(`complaints.state.${c.state}`)}</p>
      {c.answeredAt ? (
        <p>{t('complaints.clock.answered', { date: formatInstantDate(c.answeredAt) })}</p>
      ) : (
        <p>
          <strong>{t('complaints.clock.due', { date: formatIsoDate(c.dueDate) })}</strong>
          {c.daysLeft !== null ? (
            <span className="complaint-clock__left"> · {countdown(c.daysLeft)}</span>
          ) : null}
        </p>
      )}
      {c.rectification ? <RectificationClock clock={c.rectification} /> : null}
      {c.compensationCents > 0 ? (
        <p className="complaint-clock__compensation">
          {t('complaints.clock.compensation', { amount: formatCents(c.compensationCents) })},{' '}
          {c.compensationInvoice
            ? t('complaints.clock.credited', { number: c.compensationInvoice.number })
            : t('complaints.clock.to_credit')}
        </p>
      ) : null}
      {c.suspendsCollection && c.state === 'open' ? <p>{t('complaints.clock.suspended')}</p> : null}
    </div>
  );
}

function RectificationClock({ clock }: { clock: NonNullable<erpComplaints.Complaint['rectification']> }) {
  return (
    <>
      <p>
        {clock.outcome === 'rectified' && clock.doneAt
          ? t('complaints.clock.rectified', { date: formatInstantDate(clock.doneAt) })
          : clock.outcome === 'not_due'
            ? t('complaints.clock.rectification_not_due')
            : t('complaints.clock.rectification_due', { date: formatIsoDate(clock.dueDate) })}
        {clock.daysLeft !== null ? (
          <span className="complaint-clock__left"> · {countdown(clock.daysLeft)}</span>
        ) : null}
      </p>
      {clock.compensationCents > 0 ? (
        <p>
          {t('complaints.clock.rectification_compensation', { amount: formatCents(clock.compensationCents) })}
        </p>
      ) : null}
    </>
  );
}
