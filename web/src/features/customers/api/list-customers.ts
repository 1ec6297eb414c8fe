import { erpCustomers } from '@sportello/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const useCustomers = () =>
  useQuery({
    queryKey: ['customers'],
    queryFn: ({ signal }) => callApi(erpCustomers.listCustomers, { signal }),
  });
