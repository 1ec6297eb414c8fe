// The address service's data (stradario): Italian municipalities from ISTAT and known streets.
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';

export const towns = pgTable(
  'towns',
  {
    istatCode: text('istat_code').primaryKey(),
    name: text('name').notNull(),
    /** Lower case without accents or punctuation, for prefix search. */
    searchName: text('search_name').notNull(),
    province: text('province').notNull(),
    region: text('region').notNull(),
    belfioreCode: text('belfiore_code').notNull(),
    /** Known postal codes; incomplete in the public data, so only a hint. */
    postalCodes: text('postal_codes').array().notNull(),
  },
  (t) => [index('towns_search_idx').on(t.searchName.op('text_pattern_ops'))],
);

export const streets = pgTable(
  'streets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    townIstatCode: text('town_istat_code')
      .notNull()
      .references(() => towns.istatCode),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    postalCode: text('postal_code'),
  },
  (t) => [index('streets_town_search_idx').on(t.townIstatCode, t.searchName.op('text_pattern_ops'))],
);
