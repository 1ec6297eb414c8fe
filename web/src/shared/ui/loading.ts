// The loading flag of SPEC §4: work in progress under the brand's loading animation. Its own
// small store: it is UI state, not session state, and code outside components raises it.
import { create } from 'zustand';

export const useLoadingStore = create<{ count: number }>()(() => ({ count: 0 }));

/** Runs work under the loading animation, however it ends. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  useLoadingStore.setState((state) => ({ count: state.count + 1 }));
  try {
    return await work();
  } finally {
    useLoadingStore.setState((state) => ({ count: state.count - 1 }));
  }
}
