import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator';

const t = createTranslator({
  greeting: 'Ciao, {{name}}',
  due: 'Scaduta il {{date}}',
  nested: { deep: { text: 'Profondo' } },
  bills: { due_one: '{{count}} bolletta da pagare', due_other: '{{count}} bollette da pagare' },
  plain: { only_other: 'Sempre {{count}}' },
});

describe('translator', () => {
  it('reads nested keys', () => expect(t('nested.deep.text')).toBe('Profondo'));

  it('fills placeholders and keeps unknown ones visible', () => {
    expect(t('greeting', { name: 'Mario' })).toBe('Ciao, Mario');
    expect(t('greeting', { other: 'x' })).toBe('Ciao, {{name}}');
  });

  it('elides the article before a date said with a vowel', () => {
    expect(t('due', { date: '11 ottobre 2026' })).toBe('Scaduta l’11 ottobre 2026');
    expect(t('due', { date: '12 ottobre 2026' })).toBe('Scaduta il 12 ottobre 2026');
  });

  it.each([
    [0, '0 bollette da pagare'],
    [1, '1 bolletta da pagare'],
    [2, '2 bollette da pagare'],
    [1_000_000, '1000000 bollette da pagare'],
  ])('picks the Italian plural form for %i', (count, text) => expect(t('bills.due', { count })).toBe(text));

  it('falls back to the other form when a category has no text', () =>
    expect(t('plain.only', { count: 1 })).toBe('Sempre 1'));

  it('shows the key itself for a key the types would refuse', () =>
    expect(t('nested.missing' as 'nested.deep.text')).toBe('nested.missing'));
});
