import { addressService } from '@sportello/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

export const STREET_SEARCH_MIN_LENGTH = 2;
const SUGGESTIONS = 10;

/** Known streets of the chosen town (tKey) matching the typed text; quiet like the town search. */
export const useStreetSuggestions = (tKey: string | null, text: string) =>
  useQuery({
    queryKey: supplyKeys.streets(tKey ?? '', text),
    queryFn: ({ signal }) =>
      callApi(
        addressService.getStreet,
        { query: { tKey: tKey ?? '', stxt: text, cnt: SUGGESTIONS }, signal },
        { quiet: true },
      ),
    enabled: Boolean(tKey) && text.length >= STREET_SEARCH_MIN_LENGTH,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
