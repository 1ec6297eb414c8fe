// The "from … to …" period of the consumption chart and of the readings archive: dates up to today,
// refused with one message when the end is missing or before the start, applied only when valid.
import { useState, type FormEvent } from 'react';
import { t } from '../i18n';

export interface Period {
  from: string;
  to: string;
}

/**
 * `period` is where the form starts; when the caller replaces the period itself (another granularity)
 * it gives the form a new `key`, so what was typed gives way to it.
 */
export function PeriodForm({
  period,
  legend,
  today,
  onApply,
  className = 'chart-range',
}: {
  period: Period;
  legend: string;
  today: string;
  onApply: (period: Period) => void;
  className?: string;
}) {
  const [draft, setDraft] = useState(period);
  const [error, setError] = useState<string | null>(null);
  function apply(event: FormEvent) {
    event.preventDefault();
    if (!draft.from || !draft.to || draft.to < draft.from) {
      setError(t('metering.graphs.range_error'));
      return;
    }
    setError(null);
    onApply(draft);
  }
  return (
    <form className={className} onSubmit={apply} noValidate>
      <fieldset>
        <legend>{legend}</legend>
        <label>
          {t('metering.graphs.from')}
          <input
            type="date"
            value={draft.from}
            max={today}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label>
          {t('metering.graphs.to')}
          <input
            type="date"
            value={draft.to}
            max={today}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <button type="submit" className="button button--secondary">
          {t('metering.graphs.show')}
        </button>
      </fieldset>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
