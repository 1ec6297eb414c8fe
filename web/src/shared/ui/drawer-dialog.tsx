// A side drawer on Radix Dialog: focus trapped inside, Escape or the close button closes it,
// and focus goes back to the button that opened it.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

interface DrawerDialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

export default function DrawerDialog({ title, closeLabel, onClose, children }: DrawerDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer__head">
            <Dialog.Title className="drawer__title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={closeLabel}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
