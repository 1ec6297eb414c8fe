// SPEC §8: 'Indirizzo non valido' with 'Riprova' when the address check scores below 50. Closing
// it returns to the form exactly as the user left it.
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
