// "Dispositivi e accessi" (ADR 037): the user's sessions and logins, ending one or the others.
import { consultations, core } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const userSessionsQuery = () => callQueryOptions(core.listUserSessions);
export const loginHistoryQuery = () => callQueryOptions(core.listLoginHistory);

export const endUserSession = callMutation(core.deleteUserSession, {
  invalidates: () => [core.listUserSessions],
});
export const endOtherUserSessions = callMutation(core.deleteOtherUserSessions, {
  invalidates: () => [core.listUserSessions],
});
/** When the customer service consulted the portal, and why (ADR 043). */
export const consultationsQuery = () => callQueryOptions(consultations.listConsultations);
