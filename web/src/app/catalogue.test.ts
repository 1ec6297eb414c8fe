// The Italian catalogue is one, though split by feature (ADR 008): no top-level key may be defined
// by two files, or one feature's texts would silently hide another's.
import { describe, expect, it } from 'vitest';
import formsCatalogue from '../shared/forms/texts.it.json';
import shellCatalogue from '../shared/i18n/it.json';

const featureCatalogues = import.meta.glob<object>('../features/*/texts.it.json', {
  eager: true,
  import: 'default',
});

describe('the Italian catalogue', () => {
  it('has texts for every feature that speaks', () =>
    expect(Object.keys(featureCatalogues).length).toBeGreaterThanOrEqual(5));

  it('defines each top-level key in one file only', () => {
    const owners = new Map<string, string[]>();
    const files: [string, object][] = [
      ['shared/i18n/it.json', shellCatalogue],
      ['shared/forms/texts.it.json', formsCatalogue],
      ...Object.entries(featureCatalogues),
    ];
    for (const [file, catalogue] of files)
      for (const key of Object.keys(catalogue)) owners.set(key, [...(owners.get(key) ?? []), file]);
    expect([...owners].filter(([, where]) => where.length > 1)).toEqual([]);
  });
});
