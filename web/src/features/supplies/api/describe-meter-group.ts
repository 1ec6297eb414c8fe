import { erpSupplies } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';
import { supplyKeys } from './query-keys';

/**
 * The meter group only matters for hourly-price offers (SPEC §4); a supply without one answers
 * 404, which is not an error worth a popup here, so the call is quiet.
 */
export const useMeterGroup = (supplyKey: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: supplyKeys.meterGroup(supplyKey ?? ''),
    queryFn: ({ signal }) =>
      callApi(
        erpSupplies.describeMeterGroup,
        { query: { supplyKey: supplyKey ?? '' }, signal },
        { quiet: true },
      ),
    enabled: enabled && Boolean(supplyKey),
    retry: false,
  });
