// The lookup over an Italian catalogue: dotted keys, `{{name}}` placeholders, and plural forms
// (`x_one`, `x_other`) chosen by a numeric `count`. Keys are typed from the catalogue itself, so a
// missing entry is a compile error (ADR 008).

import { elideBeforeNumbers } from '@sportello/domain';

type PluralBase<K extends string> = K extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : K;

/** Dotted paths to a catalogue's texts; a plural family (`x_one`, `x_other`) is addressed as `x`. */
export type MessageKey<Node, Prefix extends string = ''> = {
  [K in keyof Node & string]: Node[K] extends string
    ? `${Prefix}${PluralBase<K>}`
    : MessageKey<Node[K], `${Prefix}${K}.`>;
}[keyof Node & string];

/** Values for `{{name}}` placeholders; a numeric `count` also picks the plural form. */
type MessageValues = Readonly<Record<string, string | number>>;

export type Translate<Catalogue> = (key: MessageKey<Catalogue>, values?: MessageValues) => string;

const pluralRules = new Intl.PluralRules('it-IT');

export function createTranslator<Catalogue extends object>(catalogue: Catalogue): Translate<Catalogue> {
  const lookup = (path: string): string | undefined => {
    let node: unknown = catalogue;
    for (const part of path.split('.')) {
      if (typeof node !== 'object' || node === null) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const pluralText = (key: string, count: number) =>
    lookup(`${key}_${pluralRules.select(count)}`) ?? lookup(`${key}_other`);

  // An unknown key (only possible through a cast) shows the key itself.
  return (key, values) => {
    const count = values?.count;
    const text = (typeof count === 'number' ? pluralText(key, count) : undefined) ?? lookup(key) ?? key;
    if (!values) return text;
    // A date or amount filled in after "il", "entro il"… takes the elided article ("l’11 ottobre").
    return elideBeforeNumbers(
      text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
        name in values ? String(values[name]) : placeholder,
      ),
    );
  };
}
