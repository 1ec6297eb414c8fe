// Firebase Cloud Messaging HTTP v1: an OAuth access token from the service account (a JWT bearer
// assertion signed with its key by jose, RFC 7523, cached until it nears expiry), then one POST per
// device to projects/{id}/messages:send.
// The token endpoint is the one the service-account file names, so tests can point it at a local server.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import { UnregisteredTokenError, type Push, type PushSender } from './types.js';

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
export const FCM_ENDPOINT = 'https://fcm.googleapis.com';

export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri?: string | undefined;
}

export function readServiceAccount(file: string): ServiceAccount {
  let json: Partial<ServiceAccount>;
  try {
    json = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccount>;
  } catch (err) {
    throw new Error(`FCM_SERVICE_ACCOUNT_FILE: cannot read ${file}: ${(err as Error).message}`);
  }
  if (!json.project_id || !json.client_email || !json.private_key) {
    throw new Error('FCM_SERVICE_ACCOUNT_FILE: project_id, client_email and private_key are required');
  }
  return json as ServiceAccount;
}

/** The HTTP v1 message: notification for display, data for the app, collapse keys against repeats. */
export function buildFcmMessage(push: Push, idempotencyKey: string) {
  // A repeated send after a crash replaces the first on the device instead of showing twice.
  const collapse = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
  return {
    message: {
      token: push.token,
      notification: { title: push.title, body: push.body },
      data: push.data,
      android: { collapse_key: collapse },
      apns: { headers: { 'apns-collapse-id': collapse } },
    },
  };
}

export function createFcmPushSender(options: {
  serviceAccount: ServiceAccount;
  endpoint?: string;
}): PushSender {
  const account = options.serviceAccount;
  const endpoint = options.endpoint ?? FCM_ENDPOINT;
  const tokenUri = account.token_uri ?? GOOGLE_TOKEN_URL;
  let cached: { token: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    // A minute's margin: a token that expires in flight is refused by FCM.
    if (cached && Date.now() < cached.until - 60_000) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(tokenUri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(account.private_key, 'RS256'));
    const res = await fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !answer.access_token) throw new Error(`FCM: no access token (${res.status})`);
    cached = { token: answer.access_token, until: Date.now() + (answer.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  return {
    async send(push, idempotencyKey) {
      const token = await accessToken();
      const res = await fetch(`${endpoint}/v1/projects/${account.project_id}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(buildFcmMessage(push, idempotencyKey)),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = (await res.json().catch(() => ({}))) as {
        name?: string;
        error?: { status?: string; message?: string };
      };
      if (res.status === 404 || answer.error?.status === 'UNREGISTERED') {
        throw new UnregisteredTokenError(answer.error?.message ?? 'token not registered');
      }
      if (!res.ok || !answer.name)
        throw new Error(`FCM ${res.status}: ${answer.error?.message ?? 'no answer'}`);
      return { messageId: answer.name };
    },
  };
}
