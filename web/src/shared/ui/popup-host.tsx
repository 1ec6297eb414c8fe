// Shows the first queued error or warning popup. The dialog code loads with the first popup.
import { lazy, Suspense } from 'react';
import { usePopupStore } from './popup-store';

const PopupDialog = lazy(() => import('./popup-dialog'));

export function PopupHost() {
  const popup = usePopupStore((state) => state.queue[0]);
  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog key={popup.id} popup={popup} />
    </Suspense>
  );
}
