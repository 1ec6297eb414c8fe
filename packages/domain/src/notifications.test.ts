import { describe, expect, it } from 'vitest';
import { isUnreadNotificationFor } from './notifications';

describe('unread notifications (SPEC §4)', () => {
  it.each([
    { readTime: null, customerId: null, unread: true },
    { readTime: null, customerId: 'C1', unread: true },
    { readTime: null, customerId: 'C2', unread: false },
    { readTime: '2026-01-01T10:00:00Z', customerId: null, unread: false },
    { readTime: '2026-01-01T10:00:00Z', customerId: 'C1', unread: false },
  ])('read $readTime for customer $customerId: unread for C1 is $unread', ({ unread, ...notification }) => {
    expect(isUnreadNotificationFor(notification, 'C1')).toBe(unread);
  });
});
