import { t } from '../i18n';
import { ModalDialog } from './modal-dialog';
import { closePopup, type Popup } from './popup-store';

export default function PopupDialog({ popup }: { popup: Popup }) {
  const close = () => closePopup(popup.id);
  return (
    <ModalDialog
      open
      onClose={close}
      title={popup.title}
      description={popup.text}
      className={`dialog popup popup--${popup.tone}`}
    >
      <div className="dialog-actions">
        {popup.actions.map((action) =>
          action === 'reload' ? (
            <button
              key={action}
              type="button"
              className="button button--primary"
              onClick={() => window.location.reload()}
            >
              {t('popup.reload')}
            </button>
          ) : (
            <button
              key={action}
              type="button"
              className={popup.actions.length > 1 ? 'button button--secondary' : 'button button--primary'}
              onClick={close}
            >
              {t('popup.close')}
            </button>
          ),
        )}
      </div>
    </ModalDialog>
  );
}
