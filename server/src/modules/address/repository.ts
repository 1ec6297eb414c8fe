// SQL for the address service (stradario): towns and streets. Names are matched on their
// normalised `search_name` (packages/db/src/towns/search-name.ts) with prefix LIKEs the text_pattern_ops
// indexes serve; patterns are built from normalised text, which holds no LIKE wildcards.
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { streets, towns } from '@sportello/db/schema';

export type TownRow = typeof towns.$inferSelect;
export type StreetRow = { name: string; searchName: string; postalCode: string | null };

export type TownHit = Pick<TownRow, 'istatCode' | 'name' | 'province' | 'belfioreCode' | 'postalCodes'>;

export function createAddressRepository(db: Db) {
  // Town search is typed into on every keystroke: built once and prepared, it skips query building
  // and planning on each call.
  const townSearch = db
    .select({
      istatCode: towns.istatCode,
      name: towns.name,
      province: towns.province,
      belfioreCode: towns.belfioreCode,
      postalCodes: towns.postalCodes,
    })
    .from(towns)
    .where(sql`${towns.searchName} like ${sql.placeholder('pattern')}`)
    .orderBy(sql`${towns.searchName} using ~<~`, asc(towns.istatCode))
    .limit(sql.placeholder('limit'))
    .prepare('address_search_towns');

  return {
    /**
     * Towns whose name starts with `prefix`: the exact name first, then by name. Ordering with the
     * index's own operator (~<~, byte order) lets the scan stop after `limit` rows even for 'san'
     * (400 towns); in that order a name sorts before every longer name it is a prefix of, so the
     * exact match comes first without a sort of its own.
     */
    async searchTowns(prefix: string, limit: number): Promise<TownHit[]> {
      return townSearch.execute({ pattern: `${prefix}%`, limit });
    },

    async townByIstatCode(istatCode: string): Promise<TownRow | undefined> {
      const [row] = await db.select().from(towns).where(eq(towns.istatCode, istatCode)).limit(1);
      return row;
    },

    /**
     * Towns the address check compares a typed name with: the same name, names sharing its first
     * two letters (typos later in the word), and the towns of the given province.
     */
    async townCandidates(searchName: string, province: string | null): Promise<TownRow[]> {
      return db
        .select()
        .from(towns)
        .where(
          or(
            eq(towns.searchName, searchName),
            sql`${towns.searchName} like ${`${searchName.slice(0, 2)}%`}`,
            province ? eq(towns.province, province) : undefined,
          ),
        );
    },

    /** Whether a town other than `istatCode` lists this postal code. */
    async postalCodeBelongsElsewhere(postalCode: string, istatCode: string): Promise<boolean> {
      const [row] = await db
        .select({ istatCode: towns.istatCode })
        .from(towns)
        .where(and(sql`${postalCode} = any(${towns.postalCodes})`, ne(towns.istatCode, istatCode)))
        .limit(1);
      return row !== undefined;
    },

    /** Every postal code known for the towns of a province. */
    async provincePostalCodes(province: string): Promise<string[]> {
      const rows = await db
        .select({ postalCodes: towns.postalCodes })
        .from(towns)
        .where(eq(towns.province, province));
      return rows.flatMap((r) => r.postalCodes);
    },

    /**
     * Streets of a town with a word starting with `prefix` ('gari' finds 'Via Garibaldi'); names
     * that start with it come first. An empty prefix lists the town's streets by name.
     */
    async searchStreets(istatCode: string, prefix: string, limit: number): Promise<StreetRow[]> {
      const startsWith = sql`${streets.searchName} like ${`${prefix}%`}`;
      return db
        .select({ name: streets.name, searchName: streets.searchName, postalCode: streets.postalCode })
        .from(streets)
        .where(
          and(
            eq(streets.townIstatCode, istatCode),
            prefix ? or(startsWith, sql`${streets.searchName} like ${`% ${prefix}%`}`) : undefined,
          ),
        )
        .orderBy(desc(startsWith), asc(streets.searchName), asc(streets.id))
        .limit(limit);
    },

    async townHasStreets(istatCode: string): Promise<boolean> {
      const [row] = await db
        .select({ id: streets.id })
        .from(streets)
        .where(eq(streets.townIstatCode, istatCode))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;
