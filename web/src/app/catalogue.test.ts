// The Italian catalogue is one, though split by feature (ADR 008): no top-level key may be defined
// by two files, or one feature's texts would silently hide another's.
import { describe, expect, it } from 'vitest';
import formsCatalogue from '../shared/forms/texts.it.json';
import passkeysCatalogue from '../shared/passkeys/texts.it.json';
import shellCatalogue from '../shared/i18n/it.json';

const featureCatalogues = import.meta.glob<object>('../features/*/texts*.it.json', {
  eager: true,
  import: 'default',
});

const allFiles = (): [string, object][] => [
  ['shared/i18n/it.json', shellCatalogue],
  ['shared/forms/texts.it.json', formsCatalogue],
  ['shared/passkeys/texts.it.json', passkeysCatalogue],
  ...Object.entries(featureCatalogues),
];

/** Every text of a catalogue, as [dotted key, text]. */
const textsOf = (node: unknown, prefix = ''): [string, string][] =>
  typeof node === 'string'
    ? [[prefix, node]]
    : Object.entries(node as object).flatMap(([key, value]) =>
        textsOf(value, prefix ? `${prefix}.${key}` : key),
      );

describe('the Italian catalogue', () => {
  it('has texts for every feature that speaks', () =>
    expect(Object.keys(featureCatalogues).length).toBeGreaterThanOrEqual(5));

  it('defines each top-level key in one file only', () => {
    const owners = new Map<string, string[]>();
    for (const [file, catalogue] of allFiles())
      for (const key of Object.keys(catalogue)) owners.set(key, [...(owners.get(key) ?? []), file]);
    expect([...owners].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  // The translator fills `{{name}}` only; a `{name}` would reach the customer as it is.
  it('writes placeholders as {{name}}', () => {
    const single = /(?<!\{)\{[a-zA-Z_]+\}(?!\})/;
    const wrong = allFiles().flatMap(([file, catalogue]) =>
      textsOf(catalogue)
        .filter(([, text]) => single.test(text))
        .map(([key]) => `${file}: ${key}`),
    );
    expect(wrong).toEqual([]);
  });
});
