import { describe, expect, it } from 'vitest';
import { pushOpenedPath } from './push-opened';

describe('a tapped push opens its entry link (SPEC §4)', () => {
  it('carries the push ids the link page records', () => {
    const path = pushOpenedPath({
      id: 'push 1',
      data: { 'link.hashCode': 'abc', 'notification.id': 'N1', mn_message_id: 'MN&1' },
    });
    expect(path).toBe('/link/abc?notification=N1&mn_msg_id=MN%261&pushId=push+1');
  });

  it('opens the link alone without the notification ids, and /errore without a link', () => {
    expect(pushOpenedPath({ id: 'p', data: { 'link.hashCode': 'abc' } })).toBe('/link/abc');
    expect(pushOpenedPath({ id: 'p', data: { 'link.hashCode': '  ' } })).toBe('/errore');
    expect(pushOpenedPath({ id: 'p', data: {} })).toBe('/errore');
  });
});
