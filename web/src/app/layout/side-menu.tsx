// Logged-in menu (SPEC §2): entries from menu-entries.ts, then logout and the app version.
import { PRODUCT_VERSION } from '@sportello/contract';
import { t } from '../../shared/i18n';
import { createElement, type ReactElement } from 'react';
import { NavLink } from 'react-router';
import { useMenuEntries } from '../../shared/navigation/menu-entries';
import type { MenuLabel } from '../../shared/navigation/menu-labels';
import { ROUTES } from '../features';
import { serverItem } from './lazy-server-item';
import { useExit } from './use-exit';

/** Figures beside entries (unread messages), by menu label, each loaded on demand. */
const BADGES = new Map<MenuLabel, ReactElement>(
  ROUTES.flatMap(({ menu }) =>
    menu?.badge ? [[menu.label, createElement(serverItem(menu.badge))] as const] : [],
  ),
);

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const entries = useMenuEntries();
  const exit = useExit(onNavigate);

  return (
    <nav className="side-menu" aria-label={t('menu.label')}>
      <ul className="side-menu__list">
        {entries.map((entry) => (
          <li key={entry.label} className={entry.smallScreensOnly ? 'small-screens-only' : undefined}>
            <NavLink to={entry.path} className="side-menu__link" onClick={onNavigate}>
              {t(`menu.${entry.label}`)}
              {BADGES.get(entry.label) ?? null}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className="side-menu__link side-menu__logout" onClick={() => void exit()}>
            {t('menu.logout')}
          </button>
        </li>
      </ul>
      <p className="side-menu__version">{t('app.version', { version: PRODUCT_VERSION })}</p>
    </nav>
  );
}
