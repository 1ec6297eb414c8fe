// The user's options text as an object: unreadable text counts as empty, so saving never fails on it.
// Shared because the login pages ask whether the onboarding tour is still due and the profile saves it.
import type { User } from '@sportello/contract';

export const ONBOARDING_SEEN = 'onboardingSeen';

export function readOptions(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The tour opens by itself until it has been finished or skipped once (remembered on the server). */
export const isOnboardingDue = (user: Pick<User, 'userOptions'> | null): boolean =>
  user !== null && readOptions(user.userOptions)[ONBOARDING_SEEN] !== true;
