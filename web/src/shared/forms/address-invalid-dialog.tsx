// SPEC §8: 'Indirizzo non valido' with 'Riprova' when the address check refuses an address; and
// the confirmation of an address whose street the street list lacks (ADR 026). Closing either
// returns to the form exactly as the user left it.
import { t } from './i18n';
import { ModalDialog } from '../ui/modal-dialog';

export function AddressInvalidDialog({ open, onRetry }: { open: boolean; onRetry: () => void }) {
  return (
    <ModalDialog
      open={open}
      onClose={onRetry}
      title={t('forms.address.invalid_title')}
      description={t('forms.address.invalid_text')}
      className="dialog popup popup--warning"
    >
      <div className="dialog-actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('forms.address.retry')}
        </button>
      </div>
    </ModalDialog>
  );
}

/** Shows the address as it will be stored ('Via Solferino 5, 20121 Milano (MI)') to confirm. */
export function AddressUnverifiedDialog({
  line,
  onConfirm,
  onCorrect,
}: {
  line: string;
  onConfirm: () => void;
  onCorrect: () => void;
}) {
  return (
    <ModalDialog
      open
      onClose={onCorrect}
      title={t('forms.address.unverified_title')}
      description={t('forms.address.unverified_text')}
      className="dialog popup"
    >
      <p className="dialog-text">
        <strong>{line}</strong>
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onCorrect}>
          {t('forms.address.unverified_correct')}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {t('forms.address.unverified_confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
