// The one Italian catalogue (SPEC §1: Italian only) and the lookup over it. A plain function, not
// i18next: one language needs no runtime switching, and the lookup costs a few hundred bytes instead
// of 20 KB of the login route's budget (ADR 008). Keys are typed: a missing entry is a compile error.
import it from './it.json';

type PluralBase<K extends string> = K extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : K;

/** Dotted paths to the catalogue's texts; a plural family (`x_one`, `x_other`) is addressed as `x`. */
type KeysOf<Node, Prefix extends string = ''> = {
  [K in keyof Node & string]: Node[K] extends string
    ? `${Prefix}${PluralBase<K>}`
    : KeysOf<Node[K], `${Prefix}${K}.`>;
}[keyof Node & string];

export type MessageKey = KeysOf<typeof it>;

/** Values for `{{name}}` placeholders; a numeric `count` also picks the plural form. */
export type MessageValues = Readonly<Record<string, string | number>>;

const pluralRules = new Intl.PluralRules('it-IT');

function lookup(path: string): string | undefined {
  let node: unknown = it;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function pluralText(key: string, count: number): string | undefined {
  return lookup(`${key}_${pluralRules.select(count)}`) ?? lookup(`${key}_other`);
}

/** The Italian text of a key; an unknown key (only possible through a cast) shows the key itself. */
export function t(key: MessageKey, values?: MessageValues): string {
  const count = values?.count;
  const text = (typeof count === 'number' ? pluralText(key, count) : undefined) ?? lookup(key) ?? key;
  if (!values) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

export type Translate = typeof t;
