// The countries whose banks take part in the SEPA schemes, as the country codes their IBANs start
// with. Source: European Payments Council, "EPC list of SEPA scheme countries" (EPC409-09), the
// 2025 version, which added Albania, Moldova, Montenegro and North Macedonia, and Serbia (in the
// schemes' scope from May 2025, its banks operational from May 2026). Territories that use
// another country's IBANs are covered by that country's code (French overseas departments: FR;
// Jersey, Guernsey and the Isle of Man: GB; the Åland Islands: FI). Update it when the EPC does.
export const SEPA_IBAN_COUNTRIES: ReadonlySet<string> = new Set([
  // The 27 member states of the European Union.
  ...['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU'],
  ...['IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
  // The rest of the European Economic Area.
  ...['IS', 'LI', 'NO'],
  // The other participants.
  ...['AD', 'AL', 'CH', 'GB', 'GI', 'MC', 'MD', 'ME', 'MK', 'RS', 'SM', 'VA'],
]);
