import { describe, expect, it, vi } from 'vitest';
import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('builds nothing until asked, then builds once and keeps the value', () => {
    const build = vi.fn(() => ({ built: true }));
    const value = onFirstUse(build);
    expect(build).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
