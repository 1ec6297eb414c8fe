// ADR 023: an entry link handed over another user's login while someone is logged in here. Nothing
// changes until the user answers; keeping the login here ends the handed-over session unused.
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { t } from '../i18n';
import { dashboardRoutes } from '../../dashboard/routes';
import { nextPath } from '../../../shared/navigation/next-path';
import { acceptHandover, declineHandover, pendingHandover } from '../../../shared/session/handover';
import { ModalDialog } from '../../../shared/ui/modal-dialog';

export default function HandoverPage() {
  const navigate = useNavigate();
  const landing = nextPath(useSearchParams()[0].get('next')) ?? dashboardRoutes.home.to();
  // Read once: answering clears it, and the page must not flip to the redirect meanwhile.
  const [asking] = useState(pendingHandover);
  const [busy, setBusy] = useState(false);
  // A reload or a second visit: nothing waits for an answer.
  if (!asking) return <Navigate to={dashboardRoutes.home.to()} replace />;

  const keep = async () => {
    setBusy(true);
    await declineHandover();
    await navigate(dashboardRoutes.home.to(), { replace: true });
  };
  const switchUser = async () => {
    acceptHandover();
    await navigate(landing, { replace: true });
  };

  return (
    <div className="page page--narrow">
      <ModalDialog
        open
        onClose={() => void keep()}
        title={t('auth.handover.title')}
        description={t('auth.handover.question', { current: asking.current, incoming: asking.incoming })}
        className="dialog"
      >
        <div className="dialog-actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void keep()}
          >
            {t('auth.handover.keep', { current: asking.current })}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void switchUser()}
          >
            {t('auth.handover.switch', { incoming: asking.incoming })}
          </button>
        </div>
      </ModalDialog>
    </div>
  );
}
