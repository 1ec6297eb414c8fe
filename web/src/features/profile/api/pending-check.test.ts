// The one-time-code workflow kept locally between the edit and the check page (SPEC §4).
import { beforeEach, describe, expect, it } from 'vitest';
import { pendingCheck } from './profile-api';

describe('pendingCheck', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a workflow per channel until cleared', () => {
    const written = pendingCheck.write('email', 'wf-1', 'a@b.it');
    expect(pendingCheck.read('email')).toEqual(written);
    expect(pendingCheck.read('phone')).toBeNull();
    pendingCheck.clear('email');
    expect(pendingCheck.read('email')).toBeNull();
  });

  it('ignores unreadable stored values', () => {
    localStorage.setItem('profile.otp.phone', '{nope');
    expect(pendingCheck.read('phone')).toBeNull();
    localStorage.setItem('profile.otp.phone', '{"target":"x"}');
    expect(pendingCheck.read('phone')).toBeNull();
  });
});
