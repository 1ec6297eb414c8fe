// /link/{hashCode} (SPEC §4 "Link entry"): resolves the link with the session there is (a guest
// session is tied to it by the server, ADR 013), then goes where its target says. A logged-in
// user acts for the customer the link is about. Module 1 needs a user: a guest logs in and comes
// back. Expired → login with 'Link scaduto…'; an unknown link says so here with a way to the login or
// the dashboard ('Riprova' on /errore would only fail again); any other failure → /errore (SPEC §7 "a
// failed link load goes to /errore"). Opened from a push, the push ids are recorded and the target follows
// after 500 ms (SPEC §4, §9).
import {
  core,
  erpCustomers,
  erpDocuments,
  erpInvoices,
  PUSH_REDIRECT_DELAY_MS,
  type Link as EntryLink,
} from '@sportello/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { authRoutes } from '../../auth/routes';
import { dashboardRoutes } from '../../dashboard/routes';
import { errorRoutes } from '../../errors/routes';
import { ApiFailure, callApi } from '../../../shared/api/api-client';
import { base64ToBlob, saveBlob } from '../../../shared/files/download';
import { withNext } from '../../../shared/navigation/next-path';
import { appState, selectCustomer, setFlashMessage, useAppStore } from '../../../shared/state/app-store';
import { WorkflowReply } from '../components/workflow-reply';
import { t } from '../i18n';
import { linkDestination, pushOpened, type Destination } from '../link-destination';

type Shown =
  | { state: 'opening' }
  | { state: 'expired' }
  | { state: 'invalid' }
  | { state: 'document'; saved: boolean }
  | { state: 'workflow'; task: Extract<Destination, { workflow: unknown }>['workflow'] };

const quiet = { quiet: true } as const;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function actForLinkCustomer(link: EntryLink): Promise<void> {
  if (!link.customerId || appState().customer?.id === link.customerId) return;
  selectCustomer(await callApi(erpCustomers.getCustomer, { params: { id: link.customerId } }, quiet));
}

/** The bill's document of a module 1 link whose bill has no page of its own; false if not ready. */
async function saveInvoiceDocument(invoiceKey: string): Promise<boolean> {
  try {
    const invoice = await callApi(erpInvoices.getInvoice, { params: { id: invoiceKey } }, quiet);
    if (!invoice.documentId) return false;
    const file = await callApi(
      erpDocuments.getDocument,
      { params: { id: invoice.documentId }, query: { documentType: 'invoice' } },
      quiet,
    );
    saveBlob(base64ToBlob(file.data, file.contentType), file.fileName);
    return true;
  } catch {
    return false;
  }
}

/** A link nobody issued, or of another brand: nothing to retry, a way on instead. */
function InvalidLink() {
  const loggedIn = useAppStore((state) => state.user !== null);
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('links.entry.invalid_title')}</h1>
      <p className="notice notice--warning">{t('links.entry.invalid')}</p>
      <p>
        {loggedIn ? (
          <Link to={dashboardRoutes.home.to()} className="button button--primary">
            {t('links.entry.home')}
          </Link>
        ) : (
          <Link to={authRoutes.login.to()} className="button button--primary">
            {t('links.entry.login')}
          </Link>
        )}
      </p>
    </div>
  );
}

export default function LinkPage() {
  const { hashCode = '' } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>({ state: 'opening' });

  useEffect(() => {
    let current = true;
    const go = (path: string) => current && void navigate(path, { replace: true });
    const loggedIn = appState().user !== null;
    const open = async () => {
      const link = await callApi(core.getLink, { params: { id: hashCode } }, quiet);
      if (loggedIn) await actForLinkCustomer(link);
      const push = pushOpened(new URLSearchParams(search));
      if (push) {
        if (loggedIn) {
          const body = { id: push.notificationId, mn_msg_id: push.mnMsgId, pushId: push.pushId };
          // Recording the push is a statistic: the customer goes on whatever it answers.
          await callApi(core.updateNotification, { body }, quiet).catch(() => undefined);
        }
        await wait(PUSH_REDIRECT_DELAY_MS);
      }
      const destination = linkDestination(link.target, hashCode);
      if ('go' in destination) return go(destination.go);
      if ('workflow' in destination)
        return current && setShown({ state: 'workflow', task: destination.workflow });
      const saved = await saveInvoiceDocument(destination.document);
      if (current) setShown({ state: 'document', saved });
    };
    open().catch((error: unknown) => {
      const status = error instanceof ApiFailure ? error.status : 0;
      if (status === 410 && !loggedIn) {
        setFlashMessage('link_expired');
        go(authRoutes.login.to());
      } else if (status === 410) {
        if (current) setShown({ state: 'expired' });
      } else if (status === 404) {
        if (current) setShown({ state: 'invalid' });
      } else if (status === 401 && !loggedIn) {
        // Module 1 needs a user: log in, then this link again.
        go(withNext(authRoutes.login.to(), pathname + search));
      } else if (status !== 401) {
        // A logged-in user's 401 is the api client's (session expired → login).
        go(errorRoutes.generic.to());
      }
    });
    return () => {
      current = false;
    };
  }, [hashCode, pathname, search, navigate]);

  if (shown.state === 'workflow') return <WorkflowReply task={shown.task} />;
  if (shown.state === 'invalid') return <InvalidLink />;
  const message =
    shown.state === 'expired'
      ? t('links.entry.expired')
      : shown.state === 'document'
        ? t(shown.saved ? 'links.entry.document_ready' : 'links.entry.document_failed')
        : null;
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('links.titles.entry')}</h1>
      {message ? (
        <>
          <p className={shown.state === 'expired' ? 'notice notice--warning' : 'notice'} role="status">
            {message}
          </p>
          <p>
            <Link to={dashboardRoutes.home.to()} className="button button--primary">
              {t('links.entry.home')}
            </Link>
          </p>
        </>
      ) : (
        <p className="card__muted" role="status">
          {t('links.entry.opening')}
        </p>
      )}
    </div>
  );
}
