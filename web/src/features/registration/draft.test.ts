// A registration step survives a reload (sessionStorage), the password never does.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const load = async () => {
  vi.resetModules();
  return import('./draft');
};

describe('registration draft', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('keeps everything but the password across a reload', async () => {
    const before = await load();
    before.updateDraft({ username: 'laura90', password: 'Segreta2026!' });
    before.updateDraft({
      delegate: { firstName: 'Laura', lastName: 'Bianchi', delegation: { customerCode: '1', taxCode: 'X' } },
    });
    expect(before.readDraft().password).toBe('Segreta2026!');
    expect(window.sessionStorage.getItem(before.DRAFT_STORAGE_KEY)).not.toContain('Segreta');

    const after = await load();
    expect(after.readDraft()).toEqual({
      username: 'laura90',
      password: undefined,
      delegate: { firstName: 'Laura', lastName: 'Bianchi', delegation: { customerCode: '1', taxCode: 'X' } },
    });
  });

  it('forgets everything once cleared, and unreadable storage counts as empty', async () => {
    const draft = await load();
    draft.updateDraft({ username: 'laura90', password: 'Segreta2026!' });
    draft.clearDraft();
    expect(draft.readDraft()).toEqual({ password: undefined });
    window.sessionStorage.setItem(draft.DRAFT_STORAGE_KEY, '{broken');
    expect(draft.readDraft()).toEqual({ password: undefined });
  });
});
