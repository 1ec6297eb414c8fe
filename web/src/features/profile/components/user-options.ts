// The user's options text as an object: unreadable text counts as empty, so saving never fails on it.
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
