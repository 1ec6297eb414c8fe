// Requests per second of login and of get-session against the real server (autocannon, loopback).
// Usage: node bench/api-auth.mjs [seconds]
import autocannon from 'autocannon';
import { api, startServer } from './lib/server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const USERNAME = 'mariorossi';
const PASSWORD = 'Sportello2026!';

const server = await startServer({
  // Successful logins never count (ADR 012), but each needs a guest session from the one bench address.
  GUEST_SESSIONS_PER_ADDRESS: '1000000',
});
console.log(`cold start to /readyz (first start seeds demo data): ${server.readyMs.toFixed(0)} ms`);

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: seconds, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

function report(name, result) {
  console.log(
    `${name}: ${result.requests.average.toFixed(0)} req/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms), ` +
      `${result.non2xx} non-2xx, ${result.errors} errors`,
  );
}

try {
  const guest = await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
  const session = await api(server.base, 'POST', 'portalapi/Core/v1/user/login', {
    sessionId: guest.id,
    body: { username: USERNAME, password: PASSWORD },
  });
  report(
    'get-session',
    await run({
      url: `${server.base}/services/rest/portalapi/Core/v1/sessions/${session.id}`,
      headers: { sessionid: session.id },
    }),
  );

  // Login rotates (deletes) the guest session, so every login needs a guest session of its own.
  const guests = [];
  for (let i = 0; i < 3000; i++) {
    guests.push(
      (await api(server.base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } })).id,
    );
  }
  let next = 0;
  report(
    'login (argon2id, 19 MiB, t=2)',
    await run({
      url: `${server.base}/services/rest/portalapi/Core/v1/user/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ request: { username: USERNAME, password: PASSWORD } }),
      setupClient: (client) => {
        client.setHeaders({ 'content-type': 'application/json', sessionid: guests[next++ % guests.length] });
      },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, sessionid: guests[next++ % guests.length] },
          }),
        },
      ],
    }),
  );
} finally {
  await server.stop();
}
