// SPEC §4: a notification is unread while it has no read time. The customer being served sees
// those addressed to them and those addressed to the user as a whole (no customer).

export interface NotificationSummary {
  readTime: string | null;
  customerId: string | null;
}

export function isUnreadNotificationFor(notification: NotificationSummary, customerId: string): boolean {
  return (
    notification.readTime === null &&
    (notification.customerId === null || notification.customerId === customerId)
  );
}
