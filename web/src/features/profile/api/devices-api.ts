// "Dispositivi e accessi" (ADR 037): the user's sessions and logins, ending one or the others.
import { core } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const userSessionsQuery = () => callQueryOptions(core.listUserSessions);
export const loginHistoryQuery = () => callQueryOptions(core.listLoginHistory);

export const endUserSession = callMutation(core.deleteUserSession, {
  invalidates: () => [core.listUserSessions],
});
export const endOtherUserSessions = callMutation(core.deleteOtherUserSessions, {
  invalidates: () => [core.listUserSessions],
});
