// Firebase Cloud Messaging HTTP v1: an OAuth access token from the service account (google-auth-library,
// cached until it nears expiry), then one POST per device to projects/{id}/messages:send.
// The token endpoint is the one the service-account file names, so tests can point it at a local server.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { JWT } from 'google-auth-library';
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
  const jwt = new JWT({ email: account.client_email, key: account.private_key, scopes: [FCM_SCOPE] });
  const tokenUri = account.token_uri;
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
    jwt.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (String(request.url) === GOOGLE_TOKEN_URL) request.url = new URL(tokenUri);
        return request;
      },
    });
  }

  return {
    async send(push, idempotencyKey) {
      const { token } = await jwt.getAccessToken();
      if (!token) throw new Error('FCM: no access token');
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
