// SPEC §8: 'Indirizzo non valido' with 'Riprova' when the address check refuses an address; and
// the confirmation of an address whose street the street list lacks (ADR 026). Closing either
// returns to the form exactly as the user left it.
import { t } from './i18n';
import { ModalDialog } from '../ui/modal-dialog';

/** `problems`: what is wrong, field by field ('Il CAP non è di questo comune.'), when the check said. */
export function AddressInvalidDialog({
  open,
  problems = [],
  onRetry,
}: {
  open: boolean;
  problems?: readonly string[];
  onRetry: () => void;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onRetry}
      title={t('forms.address.invalid_title')}
      description={t(problems.length > 0 ? 'forms.address.invalid_parts_text' : 'forms.address.invalid_text')}
      className="dialog popup popup--warning"
    >
      {problems.length > 0 ? (
        <ul className="dialog-text">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
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
