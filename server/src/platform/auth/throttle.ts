// Throttling of guessable secrets (login today; one-time codes and write-us next), after OWASP's
// authentication and credential-stuffing guidance (ADR 012). Each attempt is counted against every
// rule's key *before* the secret is checked, so concurrent guesses cannot slip between check and count;
// a success takes its count back, so only failures remain. A `refuse` rule answers 429 until its window
// lifts; a `slow` rule never refuses, it makes each further attempt wait longer (up to a cap).
import type { MessageCode } from '@sportello/contract';
import { tooManyRequests } from '../../http/app-error.js';
import type { KeyMatch, RateLimiter } from './rate-limiter.js';

export interface ThrottleRule {
  key: string;
  /** Attempts within the window that pass untouched. */
  limit: number;
  windowMs: number;
  over: 'refuse' | 'slow';
}

export interface ThrottleOptions {
  /** Cap of the growing delay of `slow` rules; it starts at a twentieth of it and doubles per attempt. */
  slowdownMaxMs: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ThrottledAttempt {
  /** The secret was right: this attempt stops counting. */
  succeeded(): Promise<void>;
}

/** Counters older than this count nothing under any rule (windows are at most a day). */
export const THROTTLE_RETENTION_MS = 24 * 3_600_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createThrottle(limiter: RateLimiter, options: ThrottleOptions) {
  const sleep = options.sleep ?? wait;
  return {
    /**
     * Counts an attempt under every rule; throws 429 (with `refusal`'s message) when a `refuse` rule
     * is over its limit.
     */
    async attempt(
      rules: ThrottleRule[],
      now: Date,
      refusal: MessageCode = 'too_many_attempts',
    ): Promise<ThrottledAttempt> {
      // One statement per window length (a login's rules share one).
      const windows = [...new Set(rules.map((rule) => rule.windowMs))];
      const hits = await Promise.all(
        windows.map((windowMs) =>
          limiter.hit(
            rules.filter((rule) => rule.windowMs === windowMs).map((rule) => rule.key),
            windowMs,
            now,
          ),
        ),
      );
      const counted = rules.map((rule) => ({
        rule,
        ...(hits[windows.indexOf(rule.windowMs)]!.get(rule.key) ?? { count: 1, windowStart: now }),
      }));
      const takeBack = async () => {
        await Promise.all(counted.map((c) => limiter.forgive(c.rule.key, c.windowStart)));
      };
      if (counted.some((c) => c.rule.over === 'refuse' && c.count > c.rule.limit)) {
        // A refused attempt never reached the secret: it is no failure and must not feed other rules.
        await takeBack();
        throw tooManyRequests(refusal);
      }
      const excess = Math.max(
        0,
        ...counted.filter((c) => c.rule.over === 'slow').map((c) => c.count - c.rule.limit),
      );
      if (excess > 0) {
        const first = options.slowdownMaxMs / 20;
        await sleep(Math.min(options.slowdownMaxMs, first * 2 ** Math.min(excess - 1, 20)));
      }
      return { succeeded: takeBack };
    },

    /** The counters `match` names within the last `windowMs`, to tell a locked username (ADR 045). */
    counted: (match: KeyMatch, windowMs: number, now: Date) =>
      limiter.counted(match, new Date(now.getTime() - windowMs)),
    /** Forgets the counters `match` names (the care console unlocks a login, ADR 045). */
    release: (writer: Parameters<RateLimiter['clear']>[0], match: KeyMatch) => limiter.clear(writer, match),

    sweep: (now: Date) => limiter.deleteOlderThan(new Date(now.getTime() - THROTTLE_RETENTION_MS)),
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
