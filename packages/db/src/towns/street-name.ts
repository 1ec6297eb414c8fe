// A street's name as written on an envelope, for names typed or published in one case.

/** Words a street name keeps in lower case after its first word ('Via della Spiga'). */
const PARTICLES = new Set([
  'di',
  'del',
  'della',
  'dello',
  'dei',
  'degli',
  'delle',
  'da',
  'dal',
  'dalla',
  'e',
  'a',
  'al',
  'alla',
  'in',
  'sul',
  'sulla',
]);

/** 'dell'indipendenza' → 'dell'Indipendenza'; 'sant'ambrogio' → 'Sant'Ambrogio' (first word). */
function capitalise(word: string, first: boolean): string {
  const elided = /^([a-z]+)['’](.+)$/.exec(word);
  if (elided) {
    const [, head = '', tail = ''] = elided;
    const apostrophe = word.charAt(head.length);
    const keepLower = !first && (PARTICLES.has(head) || /^(d|l|dell|dall|nell|sull|all)$/.test(head));
    return `${keepLower ? head : upperFirst(head)}${apostrophe}${upperFirst(tail)}`;
  }
  return !first && PARTICLES.has(word) ? word : upperFirst(word);
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Spaces collapsed and, when written all in lower or all in upper case (ANNCSU publishes 'VIA DEL
 * CORSO'), each word capitalised but the particles: 'via solferino' → 'Via Solferino', 'VIA
 * DELL'INDIPENDENZA' → 'Via dell'Indipendenza'. Mixed case is someone's own spelling and stays.
 */
export function streetDisplayName(text: string): string {
  const street = text.trim().replace(/\s+/g, ' ');
  if (street !== street.toLowerCase() && street !== street.toUpperCase()) return street;
  return street
    .toLowerCase()
    .split(' ')
    .map((word, i) => capitalise(word, i === 0))
    .join(' ');
}
