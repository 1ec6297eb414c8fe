// Reading the options text never fails: other keys are kept, unreadable text counts as empty. The
// onboarding tour is due until the options say it was seen.
import { describe, expect, it } from 'vitest';
import { isOnboardingDue, readOptions } from './user-options';

describe('readOptions', () => {
  it.each([
    ['{"tour":true,"notifications":{}}', { tour: true, notifications: {} }],
    ['{}', {}],
    ['[]', {}],
    ['null', {}],
    ['"text"', {}],
    ['{broken', {}],
  ])('%s', (text, expected) => {
    expect(readOptions(text)).toEqual(expected);
  });
});

describe('isOnboardingDue', () => {
  it.each([
    ['{}', true],
    ['{broken', true],
    ['{"onboardingSeen":false}', true],
    ['{"onboardingSeen":true,"notifications":{}}', false],
  ])('%s', (userOptions, due) => {
    expect(isOnboardingDue({ userOptions })).toBe(due);
  });

  it('is never due without a user', () => {
    expect(isOnboardingDue(null)).toBe(false);
  });
});
