// Floating help (SPEC §2): only logged in and not in the app. The panel loads on the first open.
import { lazy, Suspense, useState } from 'react';
import { t } from '../../shared/i18n';
import { useFeedback } from '../../shared/ui/feedback-panel';
import { useReturnFocus } from '../../shared/ui/use-return-focus';

const HelpPanel = lazy(() => import('./help-panel'));

export function HelpButton() {
  const [open, setOpen] = useState(false);
  const feedback = useFeedback();
  const opener = useReturnFocus(open);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="help-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
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
        <span>{t('help.button')}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <HelpPanel onClose={() => setOpen(false)} showFeedback={feedback.show} />
        </Suspense>
      ) : null}
      {feedback.panel}
    </>
  );
}
