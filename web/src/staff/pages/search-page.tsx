// The one search box (ADR 041): at least 2 characters, the account's brands only, every search audited
// by the server. The words searched stay out of the address bar (a fiscal code is no URL matter).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { staff, type staff as staffTypes } from '@sportello/contract';
import { staffApi } from '../api';
import { STAFF_PATHS, type PageProps } from '../paths';
import { t } from '../i18n';

type Found = staffTypes.CustomerFound;

/** The last search of this tab, so going back from a customer shows the same list. */
let lastSearch: { q: string; found: Found[] } | null = null;

export default function SearchPage({ onFailure }: PageProps) {
  const [q, setQ] = useState(lastSearch?.q ?? '');
  const [result, setResult] = useState(lastSearch);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const words = q.trim();
    if (words.length < staff.STAFF_SEARCH_MIN) return setError(t('staffConsole.search.tooShort'));
    setError(null);
    setBusy(true);
    try {
      const found = await staffApi(staff.searchStaffCustomers, { query: { q: words } });
      lastSearch = { q: words, found };
      setResult(lastSearch);
    } catch (failure) {
      setError(onFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="staff-search-heading">
      <h1 id="staff-search-heading">{t('staffConsole.search.heading')}</h1>
      <form role="search" onSubmit={(e) => void submit(e)} className="staff-search" noValidate>
        <label htmlFor="staff-q">{t('staffConsole.search.label')}</label>
        <div className="staff-search__row">
          <input
            id="staff-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            maxLength={100}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'staff-q-error' : undefined}
          />
          <button type="submit" disabled={busy}>
            {t('staffConsole.search.submit')}
          </button>
        </div>
        {error ? (
          <p id="staff-q-error" role="alert" className="staff-error">
            {error}
          </p>
        ) : null}
      </form>
      <div aria-live="polite">
        {busy ? <p>{t('staffConsole.search.searching')}</p> : null}
        {result && !busy ? (
          result.found.length === 0 ? (
            <p className="staff-empty">{t('staffConsole.search.empty', { q: result.q })}</p>
          ) : (
            <>
              <p>{t('staffConsole.search.results', { count: result.found.length })}</p>
              <ul className="staff-results">
                {result.found.map((c) => (
                  <li key={c.id}>
                    <Link to={STAFF_PATHS.customer(c.id)}>{c.name}</Link>
                    <span className="staff-brand">{c.company.toUpperCase()}</span>
                    <span>{t('staffConsole.search.code', { code: c.customerCode })}</span>
                    {c.matched !== 'name' ? (
                      <span>
                        {t('staffConsole.search.via', {
                          field: t(`staffConsole.search.matched.${c.matched}`),
                          value: c.matchedValue,
                        })}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          )
        ) : null}
      </div>
    </section>
  );
}
