// Previous / next between pages of a list, with where the reader is; nothing for a single page.
import { t } from '../i18n';

export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('messages.list.pages')}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        {t('messages.list.previous')}
      </button>
      <span>{t('messages.list.page', { page: page + 1, pages })}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('messages.list.next')}
      </button>
    </nav>
  );
}
