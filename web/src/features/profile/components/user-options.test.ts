// Reading the options text never fails: other keys are kept, unreadable text counts as empty.
import { describe, expect, it } from 'vitest';
import { readOptions } from './user-options';

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
