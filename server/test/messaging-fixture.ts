// The messaging world on top of supply-fixture.ts: proposals around "today" (current, expired,
// future, answered, franco's), a waiting workflow task, and one live link per guest module for mario.
import { beforeAll } from 'vitest';
import { todayInRome } from '@sportello/domain';
import type { Db } from '@sportello/db/client';
import { links, proposals, workflowTasks } from '@sportello/db/schema';
import { linkRow, proposalRow, type LinkSpec } from '@sportello/demo/world';
import type { DatabaseKind } from './databases.js';
import type { Fixture } from './fixture.js';
import { useSupplyTestApp, type SupplyFixture } from './supply-fixture.js';

const DAY = 86_400_000;
/**
 * The Rome calendar date `days` from now. Rome's, not UTC's: between 23:00 and 24:00 UTC Rome is
 * already on the next day, and a proposal starting "tomorrow" by UTC would start today.
 */
export const romeDay = (days: number) => todayInRome(new Date(Date.now() + days * DAY));

export async function insertMessagingFixture(db: Db, f: Fixture, world: SupplyFixture) {
  const proposal = (key: string, customerId: number, start: number | null, end: number | null) =>
    proposalRow({
      key,
      customerId,
      contractId: world.contracts['CTR-1']!.id,
      title: `Proposta ${key}`,
      description: 'Sconto del 10% sulla quota fissa',
      startDate: start === null ? null : romeDay(start),
      endDate: end === null ? null : romeDay(end),
      effectiveDate: romeDay(40),
    });
  await db
    .insert(proposals)
    .values([
      proposal('PRP-CUR', f.mario.id, -5, 5),
      proposal('PRP-OPEN', f.mario.id, null, null),
      proposal('PRP-RACE', f.mario.id, -1, 1),
      proposal('PRP-EXP', f.mario.id, -30, -1),
      proposal('PRP-FUT', f.mario.id, 1, 30),
      { ...proposal('PRP-DONE', f.mario.id, -5, 5), actionSelected: 'rejected', answeredAt: new Date() },
      { ...proposal('PRP-F', f.stranger.id, -5, 5), contractId: world.contracts['CTR-3']!.id },
    ]);
  await db.insert(workflowTasks).values(
    ['WF-1', 'WF-2', 'WF-F'].map((workflowId) => ({
      workflowId,
      companyCode: 'sga',
      customerId: workflowId === 'WF-F' ? f.stranger.id : f.mario.id,
      taskName: 'ConfermaAppuntamento',
      title: 'Conferma appuntamento',
      description: 'Verifica del contatore',
      replies: ['confirm', 'refuse'],
    })),
  );
  const link = (token: string, moduleId: number, entityKey: string | null, extra: Partial<LinkSpec> = {}) =>
    linkRow({
      token,
      companyCode: 'sga',
      moduleId,
      entityKey,
      customerId: f.mario.id,
      userId: f.marioUser.id,
      expiresAt: new Date(Date.now() + DAY),
      ...extra,
    });
  await db.insert(links).values([
    link('prp-mario', 8, 'PRP-CUR'),
    link('prp-race', 8, 'PRP-RACE'),
    link('wf-mario', 6, 'WF-1'),
    link('pwd-mario', 5, null),
    link('pun-mario', 9, null),
    link('read-mario', 7, 'SUP-1'),
    link('inv-one', 1, 'INV-1', { params: { invoiceTypeCodes: [8] } }),
    link('odd-module', 3, 'X'),
    link('mes-mario', 4, 'MSG-1', { companyCode: 'mes' }),
    // A link still in the table but past its date: a guest session bound to it loses its reach.
    link('msg-soon-expired', 4, 'MSG-3'),
  ]);
}

export function useMessagingTestApp(kind: DatabaseKind, env: Record<string, string> = {}) {
  const ctx = useSupplyTestApp(kind, env);
  beforeAll(async () => {
    await insertMessagingFixture(ctx.db, ctx.fixture, ctx.world);
  });
  return ctx;
}
