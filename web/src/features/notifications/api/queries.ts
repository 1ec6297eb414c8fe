// The user's notifications: one query (SPEC §9: take 1000) shared by the header count, the
// acceptance popup, the centre and the dashboard card; reading or accepting one makes it stale.
import { core, PAGE_SIZE } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

/** Quiet: the header and the popup are not the place for a popup about a failed count. */
export const notificationsQuery = () =>
  callQueryOptions(
    core.listNotifications,
    { query: { activeOnly: true, pagingTake: PAGE_SIZE.notifications } },
    { quiet: true },
  );

export const updateNotification = callMutation(core.updateNotification, {
  quiet: true,
  invalidates: () => [core.listNotifications],
});
