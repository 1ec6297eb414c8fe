// "I tuoi dati" (ADR 039): the user's archives, asking for one, downloading one.
// Failures are said beside the buttons (quiet), in the server's Italian words.
import { core } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

/** While one is in preparation the list is asked again now and then, so "pronto" shows by itself. */
const PREPARING_POLL_MS = 5_000;

export const dataArchivesQuery = () => ({
  // Quiet: a poll that fails keeps the list shown, without a popup over the page.
  ...callQueryOptions(core.listDataArchives, {}, { quiet: true }),
  refetchInterval: (query: { state: { data?: core.DataArchive[] } }) =>
    query.state.data?.some((a) => a.status === 'preparing') ? PREPARING_POLL_MS : false,
});
export const requestDataArchive = callMutation(core.requestDataArchive, {
  quiet: true,
  invalidates: () => [core.listDataArchives],
});
/** A POST made by the API client: the session (and a step-up, when asked) go with it, never in a URL. */
export const downloadDataArchive = callMutation(core.downloadDataArchive, { quiet: true });
