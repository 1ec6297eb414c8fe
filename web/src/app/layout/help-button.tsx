// Floating help (SPEC §2): only logged in and not in the app. The panel loads on the first open;
// its write-us choice opens the support feature's contact modal, loaded then. A floating button
// covers whatever scrolls under it (an amount at the right of a row): it steps aside once the page
// scrolls down, so a customer reading a list reads it whole, and comes back when the page scrolls up
// or reaches its end, where the page keeps room for it (global.css), and whenever it has the focus.
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { loadContactModal } from '../../features/support/routes';
import { t } from '../../shared/i18n';
import { useFeedback } from '../../shared/ui/feedback-panel';
import { useReturnFocus } from '../../shared/ui/use-return-focus';

const HelpPanel = lazy(() => import('./help-panel'));
type ContactModalProps = ComponentProps<Awaited<ReturnType<typeof loadContactModal>>['default']>;

// The modal reads the customer's contracts: it comes with the server-data cache, like header items.
const ContactModal = lazy(async () => {
  const [{ default: Modal }, { ServerData }] = await Promise.all([
    loadContactModal(),
    import('../../shared/api/server-data'),
  ]);
  return {
    default: (props: ContactModalProps) => (
      <ServerData>
        <Modal {...props} />
      </ServerData>
    ),
  };
});

/** Scrolled further than this since the last change of direction: a scroll, not a tremor. */
const SCROLL_STEP_PX = 8;

/** True once the page has scrolled down, until it scrolls up or reaches its end. */
function useScrolledDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = y + window.innerHeight >= document.documentElement.scrollHeight - 4;
      if (atEnd) setDown(false);
      else if (Math.abs(y - last) >= SCROLL_STEP_PX) setDown(y > last);
      if (atEnd || Math.abs(y - last) >= SCROLL_STEP_PX) last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return down;
}

export function HelpButton() {
  const [open, setOpen] = useState<'help' | 'write' | null>(null);
  const feedback = useFeedback();
  const opener = useReturnFocus(open !== null);
  const aside = useScrolledDown() && open === null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={aside ? 'help-button help-button--aside' : 'help-button'}
        aria-haspopup="dialog"
        aria-expanded={open !== null}
        onClick={() => setOpen('help')}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <circle cx="12" cy="17.5" r="1.2" fill="currentColor" />
        </svg>
        <span className="help-button__label">{t('help.button')}</span>
      </button>
      <Suspense fallback={null}>
        {open === 'help' ? (
          <HelpPanel onClose={() => setOpen(null)} onWriteUs={() => setOpen('write')} />
        ) : null}
        {open === 'write' ? <ContactModal onClose={() => setOpen(null)} onSent={feedback.show} /> : null}
      </Suspense>
      {feedback.panel}
    </>
  );
}
