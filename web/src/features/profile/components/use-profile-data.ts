// The logged-in user and the chosen customer, fresh from the server (a change refreshes them).
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAppStore } from '../../../shared/state/app-store';
import { customerQuery, userQuery } from '../api/profile-api';

/** The logged-in user alone: the pages of the login itself work before any customer is linked. */
export function useProfileUser() {
  const userId = useAppStore((s) => s.user?.id ?? '');
  return useSuspenseQuery(userQuery(userId)).data;
}

export function useProfileData() {
  // The customer's pages need login and a chosen customer (guard 9), so both ids are there.
  const customerId = useAppStore((s) => s.selectedCustomerId ?? '');
  const user = useProfileUser();
  const { data: customer } = useSuspenseQuery(customerQuery(customerId));
  return { user, customer };
}
