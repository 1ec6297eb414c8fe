// Accessible modal dialog on Radix: focus trap, Escape, labelled title. A tap on the backdrop
// never dismisses it (SPEC §8), so a message cannot be lost by a stray tap.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

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
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content
          className={className}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
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
