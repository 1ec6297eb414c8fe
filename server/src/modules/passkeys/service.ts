// Passkeys (ADR 038): a logged-in user adds (at most 10), lists and removes them; a
// session logs in with one exactly as with a password (sessions' loginProved: rotation, history,
// new-device notice, the per-address limit); step-up is step-up.ts. Every refused ceremony of a known
// user, and every passkey added, removed or used, goes to the user's security events (audit module).
import { randomBytes } from 'node:crypto';
import type { passkeys as calls } from '@sportello/contract';
import { describeUserAgent, deviceLabel, formatDateTimeRome } from '@sportello/domain';
import type * as z from 'zod/mini';
import { notFound, unprocessable } from '../../http/app-error.js';
import { sendSecurityNotice } from '../../platform/notices/security-notice.js';
import type { LoadedSession, SessionUser } from '../../platform/sessions/session-store.js';
import { CeremonyRefused, listedPasskey, UNKNOWN_PASSKEY } from '../../platform/auth/webauthn.js';
import { contactsOfUser } from './contacts.js';
import type { PasskeysContext } from './context.js';
import { createStepUp } from './step-up.js';

export const PASSKEYS_PER_USER = 10;

type NewPasskey = z.output<typeof calls.registerPasskey.body>;
type AuthenticationCredential = z.output<typeof calls.loginWithPasskey.body>['credential'];

export function createPasskeysService(context: PasskeysContext) {
  const { repository, ceremonies, audit, sessions, users } = context;

  return {
    /** Where a notice to the user goes (their contacts, else their customer's): the tokens' notice too. */
    contactsOf: (user: SessionUser) => contactsOfUser(context.customers, user),

    list: async (user: SessionUser) => (await repository.ofUser(user.id)).map(listedPasskey),

    async registrationOptions(session: LoadedSession, user: SessionUser, now: Date) {
      const existing = await repository.ofUser(user.id);
      if (existing.length >= PASSKEYS_PER_USER) throw unprocessable('passkeys_too_many');
      const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
      return ceremonies.registrationOptions(
        { id: user.id, key: user.key, username: user.username, displayName },
        existing,
        session.idHash,
        now,
      );
    },

    async register(
      session: LoadedSession,
      user: SessionUser,
      body: NewPasskey,
      userAgent: string | null,
      now: Date,
    ) {
      let credential;
      try {
        credential = await ceremonies.verifyRegistration(
          { ...body.credential, clientExtensionResults: body.credential.clientExtensionResults ?? {} },
          user.id,
          session.idHash,
          now,
        );
      } catch (err) {
        if (!(err instanceof CeremonyRefused)) throw err;
        await audit.record(
          user.id,
          { kind: 'passkey_refused', detail: `aggiunta: ${err.reason}`, userAgent },
          now,
        );
        throw unprocessable('passkey_ceremony_invalid');
      }
      if ((await repository.countOfUser(user.id)) >= PASSKEYS_PER_USER)
        throw unprocessable('passkeys_too_many');
      // Named by the customer, else by the device it was made on ("Chrome su macOS").
      const name = body.name || deviceLabel(describeUserAgent(userAgent));
      const row = await repository.insert({
        key: `PSK-${randomBytes(12).toString('base64url')}`,
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: now,
      });
      await audit.record(user.id, { kind: 'passkey_added', detail: name, userAgent }, now);
      // Told to the contacts on file: a passkey added by a thief would pass every later step-up.
      const to = await contactsOfUser(context.customers, user);
      await repository.transaction((tx) =>
        sendSecurityNotice(
          { jobs: context.jobs(tx), mail: context.mail(tx), publicBaseUrl: context.publicBaseUrl },
          {
            to,
            company: user.companyCode,
            name: user.firstName ?? user.username,
            event: {
              kind: 'passkey-added',
              username: user.username,
              passkey: name,
              at: formatDateTimeRome(now),
            },
            key: `notice:passkey-added:${row.key}`,
            now,
          },
        ),
      );
      return listedPasskey(row);
    },

    async remove(user: SessionUser, key: string, userAgent: string | null, now: Date) {
      const name = await repository.remove(user.id, key);
      if (name === undefined) throw notFound();
      await audit.record(user.id, { kind: 'passkey_removed', detail: name, userAgent }, now);
      return { removed: true as const };
    },

    loginOptions: (session: LoadedSession, now: Date) =>
      // No list of passkeys: the authenticator offers the site's own, and names the user by it.
      ceremonies.authenticationOptions('login', null, session.idHash, null, now),

    login(
      session: LoadedSession,
      credential: AuthenticationCredential,
      client: { clientAddress: string; userAgent: string | null },
      now: Date,
    ) {
      return sessions.loginProved(
        session,
        client,
        async () => {
          try {
            const passkey = await ceremonies.verifyAuthentication(
              { ...credential, clientExtensionResults: credential.clientExtensionResults ?? {} },
              'login',
              session.idHash,
              (id) => repository.byCredentialId(id),
              now,
            );
            const user = await users.findById(passkey.userId);
            if (!user || user.companyCode !== session.company) throw new CeremonyRefused('marchio diverso');
            await audit.record(
              user.id,
              { kind: 'passkey_login', detail: passkey.name, userAgent: client.userAgent },
              now,
            );
            return user;
          } catch (err) {
            if (!(err instanceof CeremonyRefused)) throw err;
            // A refused answer naming one of our passkeys is told to its owner; an unknown one has no one.
            if (err.passkey) {
              const detail = `accesso: ${err.reason}`;
              await audit.record(
                err.passkey.userId,
                { kind: 'passkey_refused', detail, userAgent: client.userAgent },
                now,
              );
            }
            throw unprocessable(
              err.reason === UNKNOWN_PASSKEY ? 'passkey_unknown' : 'passkey_ceremony_invalid',
            );
          }
        },
        now,
      );
    },

    stepUp: createStepUp(context),
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
