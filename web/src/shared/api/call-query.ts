// The one data layer over the contract (ADR 011): TanStack Query options made from a call object.
// A query's key is the call's name and its input, so two components asking the same thing share
// one request and one cache entry, and `callQueryKey(call)` names all of a call's queries at once.
// A mutation declares which calls' queries its success makes stale.
import type { QueryKey } from '@tanstack/react-query';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Call, CallData, CallParams, CallQuery } from '@sportello/contract';
import { callApi, type ApiFailure, type CallInput, type CallOptions } from './api-client';

/** What identifies a call's answer: its path parameters and query string (a GET has no body). */
export type QueryInput<C extends Call> = Omit<CallInput<C>, 'body' | 'signal'>;

/**
 * `[name]` names every query of the call; `[name, input]` one of them (TanStack matches key
 * prefixes and partial objects, so `{ params: { id } }` also names that id whatever the query).
 */
export function callQueryKey<C extends Call>(
  call: C,
  input?: { params?: Partial<CallParams<C>>; query?: Partial<CallQuery<C>> },
): QueryKey {
  return input === undefined ? [call.name] : [call.name, input];
}

export function callQueryOptions<C extends Call>(
  call: C,
  input: QueryInput<C> = {},
  options: CallOptions = {},
) {
  return queryOptions<CallData<C>, ApiFailure>({
    queryKey: callQueryKey(call, input),
    queryFn: ({ signal }) => callApi(call, { ...input, signal }, options),
  });
}

/** A query made stale by a mutation: all queries of a call, or those matching part of an input. */
export type Invalidation = Call | QueryKey;

export interface CallMutationOptions<C extends Call> extends CallOptions {
  /** What to do with the answer first (before the stale queries refetch). */
  onSuccess?: (data: CallData<C>, input: CallInput<C>) => void;
  /** The queries this mutation's success makes stale, knowing its answer and its input. */
  invalidates?: (data: CallData<C>, input: CallInput<C>) => readonly Invalidation[];
}

const toQueryKey = (target: Invalidation): QueryKey =>
  Array.isArray(target) ? target : [(target as Call).name];

export function callMutation<C extends Call>(call: C, options: CallMutationOptions<C> = {}) {
  const { invalidates, onSuccess, ...callOptions } = options;
  return mutationOptions<CallData<C>, ApiFailure, CallInput<C>>({
    mutationKey: [call.name],
    mutationFn: (input) => callApi(call, input, callOptions),
    onSuccess: async (data, input, _onMutate, { client }) => {
      onSuccess?.(data, input);
      await Promise.all(
        (invalidates?.(data, input) ?? []).map((target) =>
          client.invalidateQueries({ queryKey: toQueryKey(target) }),
        ),
      );
    },
  });
}
