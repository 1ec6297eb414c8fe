// Full-screen feedback (SPEC §2): title, description and up to two buttons. The dialog code
// loads with the first feedback.
import { lazy, Suspense } from 'react';
import { useAppStore } from '../state/app-store';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));

export function FeedbackPanel() {
  const feedback = useAppStore((state) => state.feedback);
  if (!feedback) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackDialog feedback={feedback} />
    </Suspense>
  );
}
