// Server data cache (TanStack Query), loaded with the first page that reads server data rather
// than at start-up, so logged-out pages stay light. No automatic retries: the api client already
// tells the user about failures, and a retry would repeat the popup.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { onSessionEnd } from './session-end';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

onSessionEnd(() => queryClient.clear());

export function ServerData({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
