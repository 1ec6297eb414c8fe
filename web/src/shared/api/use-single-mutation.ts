// A mutation that sends once at a time: a second tap before React has re-rendered the disabled
// button (both land in the same frame) is ignored, so a double submit creates one record.
import { useMutation, type MutateOptions, type UseMutationOptions } from '@tanstack/react-query';
import { useRef } from 'react';

export function useSingleMutation<Data, Failure, Input>(options: UseMutationOptions<Data, Failure, Input>) {
  const mutation = useMutation(options);
  const inFlight = useRef(false);
  const mutate = (input: Input, callbacks?: MutateOptions<Data, Failure, Input>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(input, {
      ...callbacks,
      onSettled: (...settled) => {
        inFlight.current = false;
        callbacks?.onSettled?.(...settled);
      },
    });
  };
  return { ...mutation, mutate };
}
