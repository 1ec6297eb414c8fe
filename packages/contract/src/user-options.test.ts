import { describe, expect, it } from 'vitest';
import { channelsFor } from './user-options.js';

describe('channelsFor', () => {
  const both = { email: true, push: true };
  it.each<[string, Parameters<typeof channelsFor>[1], { email: boolean; push: boolean }]>([
    ['{}', 'invoice', both],
    ['not json', 'message', both],
    ['[]', 'message', both],
    ['{"notifications":{"message":{"email":false}}}', 'message', { email: false, push: true }],
    ['{"notifications":{"message":{"email":false}}}', 'invoice', both],
    [
      '{"tour":true,"notifications":{"proposal":{"email":true,"push":false}}}',
      'proposal',
      { email: true, push: false },
    ],
    ['{"notifications":{"payment":{"email":"no"}}}', 'payment', both],
  ])('%s for %s', (text, kind, expected) => {
    expect(channelsFor(text, kind)).toEqual(expected);
  });
});
