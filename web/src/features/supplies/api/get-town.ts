import { addressService } from '@sportello/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

export const TOWN_SEARCH_MIN_LENGTH = 2;
const SUGGESTIONS = 10;

/** Town suggestions for the typed text; a failed search just offers nothing (quiet). */
export const useTownSuggestions = (text: string) =>
  useQuery({
    queryKey: supplyKeys.towns(text),
    queryFn: ({ signal }) =>
      callApi(addressService.getTown, { query: { stxt: text, cnt: SUGGESTIONS }, signal }, { quiet: true }),
    enabled: text.length >= TOWN_SEARCH_MIN_LENGTH,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
