import { describe, expect, it } from 'vitest';
import { AD_PIXEL, GDPR_REPLY_MONTHS, PRIVACY_RIGHTS, privacyRequestDueOn } from './privacy';

describe('privacy requests', () => {
  it('are answered within the calendar month after receipt (GDPR art. 12(3)), the month’s end when shorter', () => {
    expect(GDPR_REPLY_MONTHS).toBe(1);
    expect(privacyRequestDueOn('2026-11-17')).toBe('2026-12-17');
    expect(privacyRequestDueOn('2027-01-31')).toBe('2027-02-28');
    expect(privacyRequestDueOn('2026-12-31')).toBe('2027-01-31');
  });

  it('the notice names every right of arts. 15-22 but 19 (a duty of ours, not a request)', () => {
    expect(PRIVACY_RIGHTS.map((r) => r.article)).toEqual(['15', '16', '17', '18', '20', '21', '22']);
  });

  it('the pixel’s cookies all start with the prefix the clearing uses for storage keys', () => {
    for (const cookie of AD_PIXEL.cookies) expect(cookie.startsWith(AD_PIXEL.storagePrefix)).toBe(true);
  });
});
