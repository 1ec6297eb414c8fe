// Full-screen feedback (SPEC §2): title, description and up to two buttons. The panel belongs to
// the component that shows it, and it is gone after a navigation (SPEC §2: each navigation clears
// feedback data). The dialog code loads with the first feedback.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));

export interface FeedbackAction {
  label: string;
  /** A path to go to; without it the button just closes the panel. */
  to?: string;
}

export interface Feedback {
  title: string;
  description: string;
  actions: readonly [FeedbackAction] | readonly [FeedbackAction, FeedbackAction];
}

/** Render `panel` where the component renders; `show` opens it on the current location only. */
export function useFeedback(): { panel: ReactNode; show: (feedback: Feedback) => void } {
  const { key } = useLocation();
  const [shown, setShown] = useState<{ feedback: Feedback; locationKey: string } | null>(null);
  const feedback = shown?.locationKey === key ? shown.feedback : null;
  return {
    panel: feedback ? (
      <Suspense fallback={null}>
        <FeedbackDialog feedback={feedback} onClose={() => setShown(null)} />
      </Suspense>
    ) : null,
    show: (next) => setShown({ feedback: next, locationKey: key }),
  };
}
