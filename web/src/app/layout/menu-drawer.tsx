// On screens below 992 px the menu lives in a drawer opened from the header; its dialog code
// loads on the first open.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { t } from '../../shared/i18n';
import { useReturnFocus } from '../../shared/ui/use-return-focus';

const DrawerDialog = lazy(() => import('../../shared/ui/drawer-dialog'));

export function MenuDrawer({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const opener = useReturnFocus(open);
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="menu-button"
        aria-label={t('menu.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DrawerDialog title={t('menu.label')} closeLabel={t('menu.close')} onClose={close}>
            {children(close)}
          </DrawerDialog>
        </Suspense>
      ) : null}
    </>
  );
}
