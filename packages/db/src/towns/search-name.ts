// The normalised form of a place or street name that the address service matches prefixes against.

/**
 * Lower case, accents stripped, apostrophes and other punctuation turned into spaces, spaces
 * collapsed: "Sant'Agata de' Goti" → "sant agata de goti", "Forlì" → "forli". Users type names
 * without accents or apostrophes, so both sides of a search go through this.
 */
export function toSearchName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
