// Town and street suggestions of the address service (SPEC §7 stradario), for the address form.
import { addressService } from '@sportello/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { callQueryOptions } from '../api/call-query';

export const TOWN_SEARCH_MIN_LENGTH = 2;
export const STREET_SEARCH_MIN_LENGTH = 2;
const SUGGESTIONS = 10;

/** Suggestions keep the previous list while the next arrives; a failed search offers nothing (quiet). */
const suggestions = { staleTime: Infinity, placeholderData: keepPreviousData } as const;

export const townSuggestionsQuery = (text: string) => ({
  ...callQueryOptions(addressService.getTown, { query: { stxt: text, cnt: SUGGESTIONS } }, { quiet: true }),
  ...suggestions,
  enabled: text.length >= TOWN_SEARCH_MIN_LENGTH,
});

/** Known streets of the chosen town (tKey) matching the typed text. */
export const streetSuggestionsQuery = (tKey: string | null, text: string) => ({
  ...callQueryOptions(
    addressService.getStreet,
    { query: { tKey: tKey ?? '', stxt: text, cnt: SUGGESTIONS } },
    { quiet: true },
  ),
  ...suggestions,
  enabled: Boolean(tKey) && text.length >= STREET_SEARCH_MIN_LENGTH,
});
