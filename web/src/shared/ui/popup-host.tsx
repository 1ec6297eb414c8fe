// Shows the first queued error or warning popup.
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './modal-dialog';
import { closePopup, usePopupStore } from './popup-store';

export function PopupHost() {
  const { t } = useTranslation();
  const popup = usePopupStore((state) => state.queue[0]);
  if (!popup) return null;
  const close = () => closePopup(popup.id);
  return (
    <ModalDialog
      key={popup.id}
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
