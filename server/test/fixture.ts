// A small, readable world for API tests: two brands, a customer with a contract, a delegate reaching
// a second customer, a stranger with a third, and users that must be refused at login. Each of the
// three has a notification and a message link: the generated access suite needs one of each per actor.
import type { Db } from '@sportello/db/client';
import {
  companies,
  companyModules,
  confProperties,
  contracts,
  customers,
  delegations,
  links,
  notifications,
  passkeys,
  personalTokens,
  dataArchives,
  sessionEndLinks,
  sessionHandovers,
  sessions,
  users,
} from '@sportello/db/schema';
import { hashSessionId } from '../src/platform/sessions/session-store.js';
import { hashPersonalToken } from '../src/platform/tokens/personal-token-store.js';
import { hashPassword } from '../src/platform/auth/password.js';
import {
  contractRow,
  customerRow,
  delegationRow,
  linkRow,
  userRow,
  type UserSpec,
} from '@sportello/demo/world';

export const PASSWORD = 'Prova2026!';

/** Single-use session handover codes of mario's (ADR 023), 22 characters like real ones. */
export const FIXTURE_HANDOVER_CODES = Array.from(
  { length: 100 },
  (_, i) => `handover-fixture-${String(i).padStart(5, '0')}`,
);

/** Single-use end links of new-login notices (ADR 037), each to its own session. */
export const FIXTURE_END_LINK_TOKENS = Array.from(
  { length: 40 },
  (_, i) => `end-link-fixture-${String(i).padStart(15, '0')}`,
);

/** A personal read-only token of each actor, live for a year (ADR 037). */
export const FIXTURE_PERSONAL_TOKENS = {
  mario: `spt_${'m'.repeat(43)}`,
  luca: `spt_${'l'.repeat(43)}`,
  franco: `spt_${'f'.repeat(43)}`,
} as const;
/** Their keys, as the profile's list names them. */
/** Each actor's passkey (ADR 038), named by its key to remove it; its public key is no real one. */
export const FIXTURE_PASSKEY_KEYS = {
  mario: 'PSK-fixturemario00',
  luca: 'PSK-fixtureluca000',
  franco: 'PSK-fixturefranco0',
} as const;

export const FIXTURE_PERSONAL_TOKEN_KEYS = {
  mario: 'TOK-000000000000000a',
  luca: 'TOK-000000000000000b',
  franco: 'TOK-000000000000000c',
} as const;
/** A second token of mario's and luca's, for the suites to revoke (the first ones go on reading). */
export const FIXTURE_REVOCABLE_TOKEN_KEYS = {
  mario: 'TOK-000000000000000d',
  luca: 'TOK-000000000000000e',
} as const;

/** The keys of each actor's ready data archive ("I tuoi dati", ADR 039). */
export const FIXTURE_ARCHIVE_KEYS = {
  mario: 'ARCHIVEmario00000',
  luca: 'ARCHIVEluca000000',
  franco: 'ARCHIVEfranco0000',
} as const;

/** The keys of each actor's session on another device (ADR 037). */
export const FIXTURE_SESSION_KEYS = {
  mario: 'SESSIONKEYmario00',
  luca: 'SESSIONKEYluca000',
  franco: 'SESSIONKEYfranco0',
} as const;

export async function insertFixture(db: Db) {
  const passwordHash = await hashPassword(PASSWORD);
  await db.insert(companies).values([
    { code: 'sga', name: 'Sole Gas Acqua', legalName: 'Sole Gas Acqua S.p.A.', vatNumber: '01234567897' },
    { code: 'mes', name: 'Mesa Servizi Energia', legalName: 'Mesa S.p.A.', vatNumber: '07643520567' },
  ]);
  await db.insert(companyModules).values([
    { companyCode: 'sga', moduleKey: 'fatt' },
    { companyCode: 'sga', moduleKey: 'ser' },
    { companyCode: 'sga', moduleKey: 'pay', enabled: false },
    { companyCode: 'sga', moduleKey: 'AutoLettura' },
    { companyCode: 'mes', moduleKey: 'fatt' },
  ]);
  await db.insert(confProperties).values({ companyCode: 'sga', name: 'App_min_version', value: '0.6.0' });

  const customer = (key: string, code: string, name: string, companyCode = 'sga') => ({
    key,
    companyCode,
    customerCode: code,
    customerType: 'private',
    name,
    email: `${key.toLowerCase()}@example.it`,
  });
  const [mario, anna, stranger, mesCustomer] = await db
    .insert(customers)
    .values(
      [
        // Fiscal codes: registration and delegation requests name a customer by client code + tax code.
        { ...customer('CUS-MARIO', '100001', 'Mario Rossi'), fiscalCode: 'RSSMRA80A01H501U' },
        { ...customer('CUS-ANNA', '100002', 'Anna Verdi'), fiscalCode: 'VRDNNA85T50H501B' },
        { ...customer('CUS-OTHER', '100003', 'Franco Neri'), fiscalCode: 'NREFNC70A01H501H' },
        customer('CUS-MES', '200001', 'Mario Rossi', 'mes'),
      ].map(customerRow),
    )
    .returning();
  if (!mario || !anna || !stranger || !mesCustomer) throw new Error('fixture customers not inserted');

  // In force: no end date.
  const contract = (key: string, customerId: number) =>
    contractRow({
      key,
      companyCode: 'sga',
      customerId,
      number: key.replace(/\D/g, '').padStart(10, '1'),
      name: 'Luce casa',
      startDate: '2024-01-01',
    });
  await db
    .insert(contracts)
    .values([contract('CTR-1', mario.id), contract('CTR-2', anna.id), contract('CTR-3', stranger.id)]);
  // A customer without a user and with a contract in force: the one a generated suite registers.
  const [free] = await db
    .insert(customers)
    .values(customerRow({ ...customer('CUS-FREE', '100008', 'Libero Neri'), fiscalCode: 'NRELBR70A01H501I' }))
    .returning();
  await db.insert(contracts).values(contract('CTR-FREE-8', free!.id));

  const user = (username: string, fields: Partial<UserSpec> = {}) =>
    userRow({ key: `USR-${username}`, companyCode: 'sga', username, passwordHash, ...fields });
  const inserted = await db
    .insert(users)
    .values([
      user('mario', { customerId: mario.id, firstName: 'Mario', lastName: 'Rossi' }),
      // A contact on file of their own: a step-up code (ADR 038) has somewhere to go.
      user('luca', { email: 'luca@example.it' }),
      // Anna's own account: the holder a delegate finds for her contracts.
      user('anna', { customerId: anna.id, firstName: 'Anna', lastName: 'Verdi' }),
      user('franco', { customerId: stranger.id }),
      user('inattivo', { status: 'Inactive' }),
      user('operatore', { type: 'Operator' }),
      user('lead', { type: 'Lead', email: 'lead@example.it' }),
      user('mario', { companyCode: 'mes', key: 'USR-mario-mes', customerId: mesCustomer.id }),
    ])
    .returning();
  const byName = Object.fromEntries(
    inserted.filter((u) => u.companyCode === 'sga').map((u) => [u.username, u]),
  );
  const [marioUser, lucaUser, francoUser] = [byName.mario!, byName.luca!, byName.franco!];

  await db.insert(delegations).values(
    [
      { userId: lucaUser.id, customerId: anna.id },
      { userId: lucaUser.id, customerId: mario.id },
      { userId: lucaUser.id, customerId: stranger.id, status: 'Pending' },
      // A delegation across brands must never give access.
      { userId: lucaUser.id, customerId: mesCustomer.id },
    ].map(delegationRow),
  );

  const [marioNote, francoNote, lucaNote] = await db
    .insert(notifications)
    .values([
      {
        userId: marioUser.id,
        customerId: mario.id,
        title: 'Bolletta',
        description: 'Nuova bolletta',
        acceptanceRequired: true,
      },
      { userId: francoUser.id, customerId: stranger.id, title: 'Privata', description: 'Di Franco' },
      { userId: lucaUser.id, customerId: anna.id, title: 'Delega', description: 'Delega attiva' },
    ])
    .returning();

  const future = new Date(Date.now() + 86_400_000);
  const link = (token: string, moduleId: number, entityKey: string, customerId: number, expiresAt?: Date) =>
    linkRow({ token, companyCode: 'sga', moduleId, entityKey, customerId, expiresAt });
  await db.insert(links).values([
    link('msg-mario', 4, 'MSG-1', mario.id, future),
    link('inv-mario', 1, 'INV-1', mario.id),
    link('msg-anna', 4, 'MSG-A', anna.id),
    link('msg-franco', 4, 'MSG-9', stranger.id),
    // Password links (module 5) of users a generated suite never logs in as: the reset it completes.
    ...(['anna', 'lead'] as const).map((name) =>
      linkRow({
        token: `reset-${name}`,
        companyCode: 'sga',
        moduleId: 5,
        entityKey: `USR-${name}`,
        userId: byName[name]!.id,
        expiresAt: future,
      }),
    ),
    link('expired', 4, 'MSG-2', mario.id, new Date('2020-01-01')),
  ]);

  // Handover codes of a session of mario's for the generated suites, which spend one per call: both
  // live for the day (a real code, two minutes), since a suite runs for minutes.
  const handoverSession = hashSessionId('fixture-handover-mario');
  await db.insert(sessions).values({
    idHash: handoverSession,
    companyCode: 'sga',
    userId: byName.mario!.id,
    lastSeenAt: future,
    expiresAt: future,
  });
  await db.insert(sessionHandovers).values(
    FIXTURE_HANDOVER_CODES.map((code) => ({
      codeHash: hashSessionId(code),
      sessionIdHash: handoverSession,
      expiresAt: future,
    })),
  );

  // A session of each actor on another device, for "Dispositivi e accessi" (ADR 037): named by its key.
  await db.insert(sessions).values(
    (['mario', 'luca', 'franco'] as const).map((name) => ({
      idHash: hashSessionId(`fixture-other-device-${name}`),
      key: FIXTURE_SESSION_KEYS[name],
      companyCode: 'sga',
      userId: byName[name]!.id,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1',
      lastSeenAt: future,
      expiresAt: future,
    })),
  );

  await db.insert(personalTokens).values(
    (['mario', 'luca', 'franco'] as const).map((name) => ({
      key: FIXTURE_PERSONAL_TOKEN_KEYS[name],
      userId: byName[name]!.id,
      name: `Casa di ${name}`,
      tokenHash: hashPersonalToken(FIXTURE_PERSONAL_TOKENS[name]),
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
    })),
  );
  await db.insert(personalTokens).values(
    (['mario', 'luca'] as const).map((name) => ({
      key: FIXTURE_REVOCABLE_TOKEN_KEYS[name],
      userId: byName[name]!.id,
      name: `Da revocare di ${name}`,
      tokenHash: hashPersonalToken(`spt_${name.slice(0, 1).toUpperCase().repeat(43)}`),
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
    })),
  );

  await db.insert(passkeys).values(
    (['mario', 'luca', 'franco'] as const).map((name) => ({
      key: FIXTURE_PASSKEY_KEYS[name],
      userId: byName[name]!.id,
      credentialId: `fixture-credential-${name}`,
      publicKey: 'AA',
      name: `Telefono di ${name}`,
    })),
  );

  const endLinkSessions = FIXTURE_END_LINK_TOKENS.map((token) => ({
    token,
    idHash: hashSessionId(`fixture-ended-by-link-${token}`),
  }));
  // Guest sessions: a user's own would go with the suites' password changes, which end the others.
  await db.insert(sessions).values(
    endLinkSessions.map(({ idHash }) => ({
      idHash,
      companyCode: 'sga',
      userId: null,
      lastSeenAt: future,
      expiresAt: future,
    })),
  );
  await db.insert(sessionEndLinks).values(
    endLinkSessions.map(({ token, idHash }) => ({
      tokenHash: hashSessionId(token),
      sessionIdHash: idHash,
      expiresAt: future,
    })),
  );

  // A ready archive of each actor (ADR 039): an empty ZIP, downloadable for a week.
  const emptyZip = Buffer.from([0x50, 0x4b, 5, 6, ...new Array<number>(18).fill(0)]).toString('base64');
  await db.insert(dataArchives).values(
    (
      [
        ['mario', marioUser.id, mario.id],
        ['luca', lucaUser.id, anna.id],
        ['franco', francoUser.id, stranger.id],
      ] as const
    ).map(([name, userId, customerId]) => ({
      key: FIXTURE_ARCHIVE_KEYS[name],
      userId,
      customerId,
      status: 'ready',
      requestedAt: new Date(),
      readyAt: new Date(),
      expiresAt: future,
      sizeBytes: 22,
      contentBase64: emptyZip,
    })),
  );

  return {
    mario,
    anna,
    stranger,
    mesCustomer,
    marioUser,
    lucaUser,
    francoUser,
    marioNote: marioNote!,
    francoNote: francoNote!,
    lucaNote: lucaNote!,
  };
}

export type Fixture = Awaited<ReturnType<typeof insertFixture>>;
