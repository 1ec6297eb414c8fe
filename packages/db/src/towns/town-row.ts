// A municipality as the importers produce it, before the search name is derived.
export interface TownRow {
  istatCode: string;
  name: string;
  /** Two-letter sigla (RM, MI, FC...). */
  province: string;
  region: string;
  belfioreCode: string;
  /** Empty when the source has none (the ISTAT CSV); the import then keeps the stored ones. */
  postalCodes: string[];
}
