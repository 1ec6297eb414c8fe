// /dev/outbox: the latest mail, push and SMS written to the outbox table, for developers. Registered
// only outside production (app.ts), never linked from the web app, and answered only to this machine:
// it lists live reset links and one-time codes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Outbox, OutboxRow } from '../integrations/outbox.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function row(r: OutboxRow): string {
  const data = r.data ? `<pre>${escape(JSON.stringify(r.data, null, 2))}</pre>` : '';
  return `<tr><td>${r.id}</td><td>${r.createdAt.toISOString()}</td><td>${escape(r.channel)}</td><td>${escape(
    r.recipient,
  )}</td><td>${escape(r.subject ?? '')}</td><td><pre>${escape(r.body)}</pre>${data}</td></tr>`;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The connection's own address, not `request.ip` (which TRUST_PROXY lets X-Forwarded-For choose); a
 * request relayed by a proxy on this machine names its real client in a forwarded header, so none may be.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const relayed = 'x-forwarded-for' in request.headers || 'forwarded' in request.headers;
  return !relayed && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

export default async function devOutbox(app: FastifyInstance, opts: { outbox: Outbox }) {
  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    // Answered like an unknown path: another machine learns nothing of it.
    if (!fromThisMachine(request)) return reply.callNotFound();
    const rows = await opts.outbox.latest(200);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Outbox (sviluppo)</title></head>` +
          `<body><main><h1>Outbox: ultimi ${rows.length} invii</h1><table><thead><tr><th>id</th><th>quando</th>` +
          `<th>canale</th><th>destinatario</th><th>oggetto</th><th>testo</th></tr></thead><tbody>` +
          rows.map(row).join('') +
          `</tbody></table></main></body></html>`,
      );
  });
}
