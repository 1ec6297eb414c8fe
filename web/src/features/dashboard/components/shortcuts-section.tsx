import { t } from '../i18n';
import { Link } from 'react-router';
import { useMenuEntries } from '../../../shared/navigation/menu-entries';

/** Shortcuts to the module pages that exist now; nothing at all when none does. */
export function ShortcutsSection() {
  const moduleEntries = useMenuEntries().filter((entry) => entry.isModule);
  if (moduleEntries.length === 0) return null;
  return (
    <section className="card card--wide" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title" className="card__title">
        {t('dashboard.shortcuts.heading')}
      </h2>
      <ul className="shortcut-list">
        {moduleEntries.map((entry) => (
          <li key={entry.label}>
            <Link to={entry.path} className="shortcut">
              {t(`menu.${entry.label}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
