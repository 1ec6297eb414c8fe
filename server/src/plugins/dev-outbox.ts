// /dev/outbox: the latest mail, push and SMS written to the outbox table, for developers. Registered
// only outside production (app.ts), never linked from the web app.
import type { FastifyInstance } from 'fastify';
import type { Outbox, OutboxRow } from '../integrations/outbox.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function row(r: OutboxRow): string {
  const data = r.data ? `<pre>${escape(JSON.stringify(r.data, null, 2))}</pre>` : '';
  return `<tr><td>${r.id}</td><td>${r.createdAt.toISOString()}</td><td>${escape(r.channel)}</td><td>${escape(
    r.recipient,
  )}</td><td>${escape(r.subject ?? '')}</td><td><pre>${escape(r.body)}</pre>${data}</td></tr>`;
}

export default async function devOutbox(app: FastifyInstance, opts: { outbox: Outbox }) {
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
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
