// The staff logins' throttle (ADR 041, ADR 044): the customers' rules (ADR 012) under their own keys,
// shared by the code login and the passkey login so that neither is a way around the other's limits.
import type { ThrottleRule } from '../../platform/auth/throttle.js';

export interface StaffLoginLimits {
  perUsernameAndAddress: number;
  slowdownPerUsername: number;
  perAddress: number;
  windowMs: number;
}

/**
 * The customers' login rules (ADR 012) under their own keys: a staff username is not a customer's.
 * A passkey login names no username: it counts under the address alone (`username` null).
 */
export function staffLoginRules(
  limits: StaffLoginLimits,
  username: string | null,
  address: string,
): ThrottleRule[] {
  const { windowMs } = limits;
  const byAddress: ThrottleRule = {
    key: `staff-login:ip:${address}`,
    limit: limits.perAddress,
    windowMs,
    over: 'refuse',
  };
  if (username === null) return [byAddress];
  const user = username.toLowerCase();
  return [
    {
      key: `staff-login:user-ip:${user}:${address}`,
      limit: limits.perUsernameAndAddress,
      windowMs,
      over: 'refuse',
    },
    { key: `staff-login:user:${user}`, limit: limits.slowdownPerUsername, windowMs, over: 'slow' },
    byAddress,
  ];
}
