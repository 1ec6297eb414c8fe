// Force update (SPEC §4, §9): the app applies it when its installed version is lower than the
// server's App_min_version. Versions compare numerically part by part (1.10.0 > 1.9.3), not as text.

const VERSION = /^\d+(\.\d+)*$/;

/** Numeric parts of a dotted version such as '1.10.0'; null for anything else. */
export function parseVersion(version: string): number[] | null {
  const trimmed = version.trim();
  return VERSION.test(trimmed) ? trimmed.split('.').map(Number) : null;
}

/** Negative, zero or positive as `a` is lower, equal or higher; missing parts count as 0 (1.2 = 1.2.0). */
export function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/**
 * Whether the installed app must be updated. An unreadable minimum (empty, mistyped) never blocks
 * the user; an unreadable installed version with a readable minimum does, since it cannot be trusted.
 */
export function isUpdateRequired(installed: string, minimum: string | null | undefined): boolean {
  const min = minimum ? parseVersion(minimum) : null;
  if (!min) return false;
  const current = parseVersion(installed);
  return !current || compareVersions(current, min) < 0;
}
