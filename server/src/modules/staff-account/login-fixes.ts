// The fixes that let a locked-out customer back in: the login throttle cleared, the "forgotten password"
// link sent again to the contact on file, every session ended. Each finds nothing left to do when a
// second operator got there first.
import { unprocessable } from '../../http/app-error.js';
import type { StaffPrincipal } from '../../platform/staff/staff-sessions.js';
import type { AccountFixes } from './context.js';

/** A resent password link: once per customer in this window, whoever asks (two operators at once). */
const RESEND_WINDOW_MS = 5 * 60_000;

type Fix = (
  staff: StaffPrincipal,
  customerId: string,
  reason: string,
  address: string,
  now: Date,
) => Promise<{ done: true; count: number }>;

export function unlockLogin({ deps, prepare, record, tell }: AccountFixes): Fix {
  return async (staff, customerId, reason, address, now) => {
    const { customer, act } = await prepare(staff, customerId, reason, address, now);
    const count = await deps.db.transaction(async (tx) => {
      let cleared = 0;
      for (const user of act.users)
        cleared += await deps.sessions.loginLock.release(tx, user.companyCode, user.username);
      if (cleared === 0) throw unprocessable('staff_account_not_locked');
      await record(tx, 'unlock-login', act, cleared);
      return cleared;
    });
    await tell('unlock-login', act, customer);
    return { done: true, count };
  };
}

export function resendResetLink({ deps, prepare, record, tell }: AccountFixes): Fix {
  return async (staff, customerId, reason, address, now) => {
    const { customer, act } = await prepare(staff, customerId, reason, address, now);
    const attempt = await deps.throttle.attempt(
      [{ key: `staff-reset:${customer.id}`, limit: 1, windowMs: RESEND_WINDOW_MS, over: 'refuse' }],
      now,
      'staff_account_just_sent',
    );
    let sent = 0;
    for (const user of act.users) if (await deps.registration.sendResetLinkTo(user.id, now)) sent++;
    if (sent === 0) {
      // Nothing was sent: the next try is not "just sent".
      await attempt.succeeded();
      throw unprocessable('staff_account_no_user');
    }
    await deps.db.transaction((tx) => record(tx, 'reset-link', act, sent));
    await tell('reset-link', act, customer);
    return { done: true, count: sent };
  };
}

export function endSessions({ deps, prepare, record, tell }: AccountFixes): Fix {
  return async (staff, customerId, reason, address, now) => {
    const { customer, act } = await prepare(staff, customerId, reason, address, now);
    const count = await deps.sessions.endAllOf(
      act.users.map((u) => u.id),
      (tx, ended) => record(tx, 'end-sessions', act, ended),
      now,
    );
    if (count === 0) throw unprocessable('staff_account_no_sessions');
    await tell('end-sessions', act, customer);
    return { done: true, count };
  };
}
