// FCM HTTP v1 without the network: a local server plays Google's token endpoint (it checks the
// service account's signed assertion) and the FCM send endpoint (it checks the bearer token and body).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFcmMessage, createFcmPushSender } from './fcm.js';
import { UnregisteredTokenError } from './types.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUSH = {
  token: 'device-token',
  title: 'Nuovo messaggio',
  body: 'Hai un nuovo messaggio',
  data: {
    'link.hashCode': 'abc',
    'link.id': '7',
    'notification.id': '9',
    'customer.id': '3',
    mn_message_id: 'MN-1',
  },
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });

describe('FCM push sender', () => {
  let server: Server;
  let base = '';
  let tokenRequests = 0;
  const sent: unknown[] = [];

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await readBody(req);
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token') {
        const assertion = new URLSearchParams(body).get('assertion') ?? '';
        const [header, claims, signature] = assertion.split('.');
        const valid = createVerify('RSA-SHA256')
          .update(`${header}.${claims}`)
          .verify(publicKey, Buffer.from(signature ?? '', 'base64url'));
        const claim = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()) as {
          scope: string;
          iss: string;
        };
        tokenRequests++;
        if (!valid || claim.iss !== 'push@demo.iam.gserviceaccount.com') return res.writeHead(401).end('{}');
        expect(claim.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
        return res.end(
          JSON.stringify({ access_token: 'local-access-token', expires_in: 3600, token_type: 'Bearer' }),
        );
      }
      if (req.url === '/v1/projects/demo-project/messages:send') {
        if (req.headers.authorization !== 'Bearer local-access-token') return res.writeHead(401).end('{}');
        const message = JSON.parse(body) as { message: { token: string } };
        if (message.message.token === 'gone') {
          return res
            .writeHead(404)
            .end(
              JSON.stringify({ error: { status: 'NOT_FOUND', message: 'Requested entity was not found.' } }),
            );
        }
        if (message.message.token === 'busy')
          return res.writeHead(503).end(JSON.stringify({ error: { message: 'busy' } }));
        sent.push(message);
        return res.end(JSON.stringify({ name: `projects/demo-project/messages/${sent.length}` }));
      }
      res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const sender = () =>
    createFcmPushSender({
      serviceAccount: {
        project_id: 'demo-project',
        client_email: 'push@demo.iam.gserviceaccount.com',
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${base}/token`,
      },
      endpoint: base,
    });

  it('gets a token with the signed service-account assertion, then sends the v1 message', async () => {
    const push = sender();
    const first = await push.send(PUSH, 'push:notification:9:device:1');
    const second = await push.send({ ...PUSH, token: 'other' }, 'push:notification:9:device:2');
    expect(first.messageId).toBe('projects/demo-project/messages/1');
    expect(second.messageId).toBe('projects/demo-project/messages/2');
    // The access token is cached between sends.
    expect(tokenRequests).toBe(1);
    expect(sent[0]).toEqual(buildFcmMessage(PUSH, 'push:notification:9:device:1'));
    expect(sent[0]).toMatchObject({
      message: { token: 'device-token', notification: { title: 'Nuovo messaggio' }, data: PUSH.data },
    });
  });

  it('builds the same collapse key for the same job, so a resend replaces the first', () => {
    const a = buildFcmMessage(PUSH, 'k1').message;
    expect(buildFcmMessage(PUSH, 'k1').message.android.collapse_key).toBe(a.android.collapse_key);
    expect(buildFcmMessage(PUSH, 'k2').message.android.collapse_key).not.toBe(a.android.collapse_key);
    expect(a.apns.headers['apns-collapse-id']).toHaveLength(32);
  });

  it('tells an unregistered token apart from a provider failure', async () => {
    await expect(sender().send({ ...PUSH, token: 'gone' }, 'k')).rejects.toBeInstanceOf(
      UnregisteredTokenError,
    );
    await expect(sender().send({ ...PUSH, token: 'busy' }, 'k')).rejects.toThrow('FCM 503: busy');
  });
});
