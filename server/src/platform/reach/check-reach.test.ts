// The reach check with its owner cache (ADR 027, "The owner cache"), through the app: a kept owner
// refuses a stranger as the database would, an identifier that named nothing is asked again once its
// row exists, and an offer, whose customers change with its supplies, is asked every time.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { allCalls, type Call } from '@sportello/contract';
import { customers, supplies } from '@sportello/db/schema';
import { loginAs } from '../../../test/app.js';
import { USERNAMES, identifiers, send, validInput, type Identifiers } from '../../../test/access-world.js';
import { databaseKinds } from '../../../test/databases.js';
import { useSupplyTestApp } from '../../../test/supply-fixture.js';

const callNamed = (name: string): Call => {
  const found = allCalls.find((c) => c.name === name);
  if (!found) throw new Error(`no call ${name}`);
  return found;
};

describe.each(databaseKinds)('reach check with the owner cache on %s', (kind) => {
  const ctx = useSupplyTestApp(kind);
  let ids: Identifiers;
  let mario: string;
  let franco: string;

  beforeAll(async () => {
    mario = await loginAs(ctx.app, USERNAMES.owner);
    franco = await loginAs(ctx.app, USERNAMES.other);
    ids = identifiers(ctx, { owner: mario, delegate: mario, other: franco, guest: mario });
  });

  /** `call` as `session`, asking for `id` (the path's identifier). */
  const ask = (name: string, session: string, id: string) => {
    const call = callNamed(name);
    const input = validInput(call, 'owner', ids);
    input.params.id = id;
    return send(ctx.app, call, input, session);
  };

  it('refuses a stranger an identifier whose owner it keeps', async () => {
    const invoice = ids.invoice!.owner!.id!;
    expect((await ask('getInvoice', mario, invoice)).statusCode).toBe(200);
    const kept = ctx.app.reach.ownerCache.size;
    expect(kept).toBeGreaterThan(0);
    expect((await ask('getInvoice', franco, invoice)).statusCode).toBe(403);
    // The stranger was refused from the kept owner: nothing new was looked up and kept.
    expect(ctx.app.reach.ownerCache.size).toBe(kept);
  });

  it('asks again for an identifier that named nothing, once its row exists', async () => {
    expect((await ask('getCustomer', mario, 'CUS-LATER')).statusCode).toBe(404);
    await ctx.db.insert(customers).values({
      key: 'CUS-LATER',
      companyCode: 'sga',
      customerCode: '100099',
      customerType: 'private',
      name: 'Giulia Bianchi',
    });
    expect((await ask('getCustomer', mario, 'CUS-LATER')).statusCode).toBe(403);
  });

  it('asks for an offer’s customers every time: a supply moved under it changes them', async () => {
    const theirs = ids.offer!.other!.key!;
    expect((await ask('getOffer', mario, theirs)).statusCode).toBe(403);
    await ctx.db
      .update(supplies)
      .set({ offerId: Number(ids.offer!.other!.id) })
      .where(eq(supplies.key, 'SUP-1'));
    expect((await ask('getOffer', mario, theirs)).statusCode).toBe(200);
  });
});
