// Accessible modal dialog on Radix: focus trap, Escape, labelled title. A tap on the backdrop
// never dismisses it (SPEC §8), so a message cannot be lost by a stray tap. On close, whether it
// is closed or unmounted, focus goes back to the element that opened it (focus-opener.ts).
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { currentOpener, returnFocusTo } from './focus-opener';

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string | null;
  className: string;
  children: ReactNode;
}

export function ModalDialog({ open, onClose, title, description, className, children }: ModalDialogProps) {
  const keepOpen = (event: Event) => event.preventDefault();
  // Taken as it opens, before Radix moves focus inside.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(currentOpener());
  }
  const latestOpener = useRef(opener);
  useEffect(() => {
    latestOpener.current = opener;
  }, [opener]);
  // Most dialogs are unmounted by their parent rather than closed.
  useEffect(() => () => returnFocusTo(latestOpener.current), []);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content
          className={className}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo(opener);
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="dialog-text">{description}</Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
