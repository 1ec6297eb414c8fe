// Full-screen feedback (SPEC §2): title, description and up to two buttons, each closing the panel
// or leading somewhere.
import { useNavigate } from 'react-router';
import { ModalDialog } from './modal-dialog';
import { setFeedback, useAppStore, type FeedbackAction } from '../state/app-store';

export function FeedbackPanel() {
  const feedback = useAppStore((state) => state.feedback);
  const navigate = useNavigate();
  if (!feedback) return null;
  const close = () => setFeedback(null);
  const follow = (action: FeedbackAction) => {
    close();
    if (action.to) void navigate(action.to);
  };
  return (
    <ModalDialog
      open
      onClose={close}
      title={feedback.title}
      description={feedback.description}
      className="dialog feedback-panel"
    >
      <div className="dialog-actions">
        {feedback.actions.map((action, index) => (
          <button
            key={action.label}
            type="button"
            className={index === 0 ? 'button button--primary' : 'button button--secondary'}
            onClick={() => follow(action)}
          >
            {action.label}
          </button>
        ))}
      </div>
    </ModalDialog>
  );
}
