// Each button closes the panel or leads somewhere.
import { useNavigate } from 'react-router';
import type { Feedback, FeedbackAction } from './feedback-panel';
import { ModalDialog } from './modal-dialog';

export default function FeedbackDialog({ feedback, onClose }: { feedback: Feedback; onClose: () => void }) {
  const navigate = useNavigate();
  const close = onClose;
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
