// The metering area's server data, as query options over the contract's calls.
import { erpMetering, type erpMetering as Metering } from '@sportello/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const readingWindowQuery = (supplyKey: string) =>
  callQueryOptions(erpMetering.getReadingWindow, { query: { supplyKey } });

export const readingsQuery = (supplyKey: string, startDate?: string) =>
  callQueryOptions(erpMetering.listReadings, { query: startDate ? { supplyKey, startDate } : { supplyKey } });

export const consumptionsQuery = (query: {
  supplyKey: string;
  from: string;
  to: string;
  granularity: Metering.Granularity;
}) => ({
  ...callQueryOptions(erpMetering.getConsumptions, { query }),
  // Switching range or unit keeps the last chart until the new numbers arrive.
  placeholderData: keepPreviousData,
});

export const quotationsQuery = (startDate: string, endDate: string) => ({
  ...callQueryOptions(erpMetering.listQuotations, {
    query: { quotationType: 'PUN', detailLevel: 'Hour', startDate, endDate },
  }),
  staleTime: 15 * 60_000,
});

export const sendReading = callMutation(erpMetering.insertReadings, {
  invalidates: () => [erpMetering.getReadingWindow, erpMetering.listReadings],
});
