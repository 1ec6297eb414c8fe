// SQL of the customer-care console (ADR 041): staff accounts and their second factors, the one search
// over customers, supplies (POD/PDR) and bills (number), and the staff audit of a customer. The search
// reads other modules' tables, read-only, in one statement: the one-box search must answer in one
// round trip at a million customers (ADR 041 says why it is not three services' calls).
import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { staffAudit, staffFactors, staffUsers } from '@sportello/db/schema';
import {
  createSecretBox,
  DEVELOPMENT_SECRETS_KEY,
  sealAgain,
  type SecretsKey,
} from '../../platform/secrets/secret-box.js';

export type StaffUserRow = typeof staffUsers.$inferSelect;

export interface SearchRow {
  id: number;
  company: string;
  customerCode: string;
  name: string;
  fiscalCode: string | null;
  vatNumber: string | null;
  matched: string;
  matchedValue: string;
}

interface SearchResultRow {
  id: string;
  company: string;
  customer_code: string;
  name: string;
  fiscal_code: string | null;
  vat_number: string | null;
  matched: string;
  matched_value: string;
}

/** Results at most, and name candidates looked at before the brands' filter (trigram order). */
const SEARCH_LIMIT = 20;
/** Typed words looked up one by one: shorter ones have too few letters to tell a word. */
const SEARCH_WORD_MIN = 3;
const SEARCH_WORDS_MAX = 4;
/** Name words a typed word may be, at most (the nearest first). */
const WORD_CANDIDATES = 10;
/** Trigram similarity of a word with a letter left out or doubled (rosi: rossi 0.57); sanna: anna is 0.38. */
const CLOSE_WORD = 0.45;

/** The typed words the name search looks up by themselves (the whole text still ranks the names). */
function searchWords(lower: string): string[] {
  const words = [...new Set(lower.split(' ').filter((w) => w.length >= SEARCH_WORD_MIN))];
  return words.slice(0, SEARCH_WORDS_MAX);
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The name words a typed `word` may be: one letter different, begun by it (typed in part), or close by
 * trigrams (a letter left out or doubled). Never a word much shorter than it: two words run together
 * would take every customer of either, and are looked up as a pair instead (twoWords). A name word
 * close to several typed words goes to the closest (martini: martine and marini), or it alone would
 * answer for both and take every customer named with it.
 */
function wordsLike(word: string, typed: readonly string[]): SQL {
  const others = typed.filter((t) => t !== word);
  const letters = [...word];
  const oneWrong = letters.map(
    (_, i) =>
      sql`word like ${`${likeLiteral(letters.slice(0, i).join(''))}_${likeLiteral(letters.slice(i + 1).join(''))}`}`,
  );
  return sql`array(select word from customer_name_words
    where char_length(word) >= ${letters.length - 2}
      and (${sql.join(oneWrong, sql` or `)} or ${word} <% word
        or (word % ${word} and similarity(word, ${word}) >= ${CLOSE_WORD}))${
          others.length
            ? sql` and similarity(word, ${word}) >= greatest(${sql.join(
                others.map((o) => sql`similarity(word, ${o})`),
                sql`, `,
              )})`
            : sql``
        }
    order by word <-> ${word} limit ${WORD_CANDIDATES})`;
}

/** The two words `word` is when its letter at each place stands for a mistyped space. */
function twoWords(word: string): [string, string][] {
  const letters = [...word];
  const pairs: [string, string][] = [];
  for (let i = 2; i < letters.length - 2; i++)
    pairs.push([letters.slice(0, i).join(''), letters.slice(i + 1).join('')]);
  return pairs;
}

/** `secretsKeys` (config's SECRETS_KEYS) seal the TOTP secrets where they rest (ADR 049). */
export function createStaffRepository(
  db: Db,
  secretsKeys: readonly SecretsKey[] = [DEVELOPMENT_SECRETS_KEY],
) {
  const totpSecrets = createSecretBox(secretsKeys, 'staff_factors.secret');
  return {
    async byUsername(username: string): Promise<StaffUserRow | undefined> {
      const [row] = await db.select().from(staffUsers).where(eq(staffUsers.username, username)).limit(1);
      return row;
    },

    async create(values: typeof staffUsers.$inferInsert, totpSecret: string): Promise<StaffUserRow> {
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(staffUsers).values(values).returning();
        if (!user) throw new Error('staff user not created');
        await tx
          .insert(staffFactors)
          .values({ staffUserId: user.id, kind: 'totp', secret: totpSecrets.seal(totpSecret) });
        return user;
      });
    },

    /** The account's TOTP factor, its secret opened. */
    async totpOf(staffUserId: number) {
      const [row] = await db
        .select()
        .from(staffFactors)
        .where(and(eq(staffFactors.staffUserId, staffUserId), eq(staffFactors.kind, 'totp')))
        .limit(1);
      return row && { ...row, secret: totpSecrets.open(row.secret) };
    },

    /** Seals the TOTP secrets still in clear or under an older key (the start of a process); answers how many. */
    async sealStoredSecrets(): Promise<number> {
      const rows = await db
        .select({ id: staffFactors.id, secret: staffFactors.secret })
        .from(staffFactors)
        .where(eq(staffFactors.kind, 'totp'));
      return sealAgain(totpSecrets, rows, (row, sealed) =>
        db
          .update(staffFactors)
          .set({ secret: sealed })
          .where(and(eq(staffFactors.id, row.id), eq(staffFactors.secret, row.secret))),
      );
    },

    /**
     * Takes a code's time step: true only for the first login with it (a step is taken once, and never
     * one before the last taken), so a code seen over a shoulder or replayed opens nothing.
     */
    async takeStep(factorId: number, step: number): Promise<boolean> {
      const taken = await db
        .update(staffFactors)
        .set({ lastStep: step })
        .where(
          and(
            eq(staffFactors.id, factorId),
            or(isNull(staffFactors.lastStep), lt(staffFactors.lastStep, step)),
          ),
        )
        .returning({ id: staffFactors.id });
      return taken.length > 0;
    },

    /**
     * Customers of `brands` matching `q` exactly by fiscal code, VAT number, client code, e-mail, phone,
     * POD/PDR or bill number, or by name within typo distance; exact matches first, then names by
     * trigram similarity. Names are found by words (ADR 041 §7): each typed word becomes the name words
     * it may be (customer_name_words: similar by trigrams, one letter different, or holding it), and the
     * customers holding one of those for every typed word are taken (customers_name_words_idx). When that
     * finds nobody, two words typed as one (a space mistyped) are tried as the words either side of each
     * letter; only then are all names read by trigrams (customers_name_trgm_idx), which at a million
     * customers walks hundreds of thousands of index entries.
     */
    async search(q: string, brands: readonly string[]): Promise<SearchRow[]> {
      const lower = q.toLowerCase();
      const upper = q.toUpperCase();
      const phone = q.replace(/[\s.-]/g, '');
      const brandList = sql`array[${sql.join(
        brands.map((b) => sql`${b}`),
        sql`, `,
      )}]::text[]`;
      const byName = (where: SQL) => sql`select id, 'name' as matched, name as value,
            ${lower} <-> lower(name) as distance from customers
          where ${where} and company_code = any(${brandList})
          order by ${lower} <-> lower(name), ${lower} <<-> lower(name) limit ${SEARCH_LIMIT * 2}`;
      const words = searchWords(lower);
      const nameWords = sql`string_to_array(lower(name), ' ')`;
      const holdsOneOf = (w: string) => sql`${nameWords} && ${wordsLike(w, words)}`;
      const none = sql`select null::bigint, null::text, null::text, null::real where false`;
      const longest = words.reduce((l, w) => (w.length > l.length ? w : l), '');
      const splits = twoWords(longest);
      const byWords = words.length ? byName(sql.join(words.map(holdsOneOf), sql` and `)) : none;
      const bySplit = splits.length
        ? byName(sql`not exists (select 1 from by_words)
            and (${sql.join(
              splits.map((pair) => sql`${nameWords} @> array[${pair[0]}, ${pair[1]}]::text[]`),
              sql` or `,
            )})
            ${sql.join(
              words.filter((w) => w !== longest).map((w) => sql` and ${holdsOneOf(w)}`),
              sql``,
            )}`)
        : none;
      const result = (await db.execute(sql`
        with by_words as materialized (${byWords}),
        by_split as materialized (${bySplit}),
        found as (
          select id, 'fiscalCode' as matched, fiscal_code as value, 0::real as distance from customers
            where fiscal_code = ${upper} and company_code = any(${brandList})
          union all select id, 'vatNumber', vat_number, 0 from customers
            where vat_number = ${q} and company_code = any(${brandList})
          union all select id, 'customerCode', customer_code, 0 from customers
            where customer_code = ${q} and company_code = any(${brandList})
          union all select id, 'email', email, 0 from customers
            where lower(email) = ${lower} and company_code = any(${brandList})
          union all select id, 'phone', phone_mobile, 0 from customers
            where phone_mobile = ${phone} and company_code = any(${brandList})
          union all select customer_id, 'pointCode', point_code, 0 from supplies where point_code = ${upper}
          union all select customer_id, 'bill', number, 0 from invoices where number = ${q}
          union all select * from by_words
          union all select * from by_split
          union all (${byName(sql`not exists (select 1 from by_words) and not exists (select 1 from by_split)
            and ${lower} <% lower(name)`)})
        ), best as (
          select distinct on (found.id) found.id, matched, value, distance from found order by found.id, distance
        )
        select c.id, c.company_code as company, c.customer_code, c.name, c.fiscal_code, c.vat_number,
               best.matched, best.value as matched_value
        from best join customers c on c.id = best.id
        where c.company_code = any(${brandList})
        order by best.distance, c.name, c.id
        limit ${SEARCH_LIMIT}`)) as unknown as { rows: SearchResultRow[] };
      return result.rows.map((r) => ({
        id: Number(r.id),
        company: r.company,
        customerCode: r.customer_code,
        name: r.name,
        fiscalCode: r.fiscal_code,
        vatNumber: r.vat_number,
        matched: r.matched,
        matchedValue: r.matched_value,
      }));
    },

    /** What the staff did about a customer, newest first. */
    async auditOfCustomer(customerId: number, take: number) {
      return db
        .select({
          at: staffAudit.at,
          staff: staffUsers.username,
          action: staffAudit.action,
          detail: staffAudit.detail,
        })
        .from(staffAudit)
        .leftJoin(staffUsers, eq(staffUsers.id, staffAudit.staffUserId))
        .where(eq(staffAudit.customerId, customerId))
        .orderBy(desc(staffAudit.id))
        .limit(take);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
