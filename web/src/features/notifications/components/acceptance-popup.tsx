// SPEC §4: a notification needing acceptance opens a blocking popup on every page until it is
// accepted. No Escape, no tap outside, no close button; focus stays inside (Radix), the page behind
// is inert. Yet nobody is trapped: "Decido più tardi" sets it aside until the page is loaded again
// (or the next login), and "Esci" logs out. Whether it shows comes from the server (accepted or
// not), so a reload or the next login brings it back until confirmed. Confirming sends confirmationDate; the
// server records acceptedTime. The button waits for the answer, so a double tap sends one. The
// conditions to accept are linked (a new tab: this page stays blocked); their own page shows
// without the popup, so they can be read.
import type { Notification } from '@sportello/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authRoutes } from '../../auth/routes';
import { sessionLifecycle } from '../../../shared/session/load';
import { ExternalLink } from '../../../shared/ui/external-link';
import { proposalRoutes } from '../../proposals/routes';
import { useSingleMutation } from '../../../shared/api/use-single-mutation';
import { notificationsQuery, updateNotification } from '../api/queries';
import { t } from '../i18n';
import './acceptance-popup.css';

const keepOpen = (event: Event) => event.preventDefault();

/** Set aside with "Decido più tardi" in this page load: a reload or the next login asks again. */
const setAside = new Set<string>();

export function AcceptanceDialog({
  notification,
  onLater,
}: {
  notification: Notification;
  onLater: () => void;
}) {
  const accept = useSingleMutation(updateNotification);
  const navigate = useNavigate();
  const exit = async () => {
    await (await sessionLifecycle()).logOut();
    await navigate(authRoutes.login.to());
  };
  const { description, detail } = notification.notificationType;
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content
          className="dialog acceptance-popup"
          role="alertdialog"
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
        >
          <Dialog.Title className="dialog-title">{notification.title}</Dialog.Title>
          <Dialog.Description className="dialog-text">{description}</Dialog.Description>
          {detail ? <p className="dialog-text">{detail}</p> : null}
          <p className="dialog-text">
            <ExternalLink href={proposalRoutes.conditions.to()}>
              {t('notifications.acceptance.read_conditions')}
            </ExternalLink>
          </p>
          <p role="status" className="acceptance-popup__status">
            {accept.isPending
              ? t('notifications.acceptance.sending')
              : accept.isError
                ? t('notifications.acceptance.failed')
                : ''}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button button--ghost" onClick={() => void exit()}>
              {t('notifications.acceptance.log_out')}
            </button>
            <button type="button" className="button button--secondary" onClick={onLater}>
              {t('notifications.acceptance.later')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={accept.isPending || accept.isSuccess}
              onClick={() =>
                accept.mutate({ body: { id: notification.id, confirmationDate: new Date().toISOString() } })
              }
            >
              {t('notifications.acceptance.accept')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function AcceptancePopup() {
  const onConditionsPage = useLocation().pathname === proposalRoutes.conditions.to();
  const [, setAsideChanged] = useState(0);
  const { data: waiting } = useQuery({
    ...notificationsQuery(),
    select: (answer) => answer.awaitingAcceptance.find((notification) => !setAside.has(notification.id)),
  });
  const later = (id: string) => {
    setAside.add(id);
    setAsideChanged((count) => count + 1);
  };
  // One at a time: the next (if any) follows once this one is accepted or set aside.
  return waiting && !onConditionsPage ? (
    <AcceptanceDialog key={waiting.id} notification={waiting} onLater={() => later(waiting.id)} />
  ) : null;
}
