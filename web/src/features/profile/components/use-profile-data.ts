// The logged-in user and the chosen customer, fresh from the server (a change refreshes them).
import { useSuspenseQuery } from '@tanstack/react-query';
import { useAppStore } from '../../../shared/state/app-store';
import { customerQuery, userQuery } from '../api/profile-api';

export function useProfileData() {
  // Profile pages need login and a chosen customer (guard 9), so both ids are there.
  const userId = useAppStore((s) => s.user?.id ?? '');
  const customerId = useAppStore((s) => s.selectedCustomerId ?? '');
  const { data: user } = useSuspenseQuery(userQuery(userId));
  const { data: customer } = useSuspenseQuery(customerQuery(customerId));
  return { user, customer };
}
