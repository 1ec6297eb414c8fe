// What bench/ratio.mjs and bench/profile.mjs share: the demo customer's authenticated GETs, one load
// of autocannon, and the CPU a process has used (from /proc), so a bench can say what a request cost.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { api } from './server.mjs';

const USERNAME = 'bianchisrl'; // 3 supplies and 2 years of bills (packages/demo)
const PASSWORD = 'Sportello2026!';
const ERP = 'portalapi/Erp/v1';

/** The authenticated GETs, as [name, path] for the demo customer, from a logged-in session. */
export async function readPathOf(base) {
  const guest = await api(base, 'POST', 'portalapi/Core/v1/sessions', { body: { company: 'sga' } });
  const session = await api(base, 'POST', 'portalapi/Core/v1/user/login', {
    sessionId: guest.id,
    body: { username: USERNAME, password: PASSWORD },
  });
  const sessionId = session.id;
  const get = (pathName) => api(base, 'GET', pathName, { sessionId });
  const { customers } = await get(`${ERP}/customers`);
  const customer = customers[0].key;
  const { invoices } = await get(`${ERP}/invoices?customerId=${customer}`);
  const { supplies } = await get(`${ERP}/supplies?customerKey=${customer}`);
  const hourly = supplies.find((s) => s.commodity === 'electricity');
  const today = new Date().toISOString().slice(0, 10);
  const twoYearsBack = `${Number(today.slice(0, 4)) - 2}${today.slice(4, 7)}-01`;
  const endpoints = [
    ['get session', `portalapi/Core/v1/sessions/${sessionId}`],
    ['customers', `${ERP}/customers`],
    ['supplies', `${ERP}/supplies?customerKey=${customer}`],
    ['invoices list', `${ERP}/invoices?customerId=${customer}`],
    ['one invoice', `${ERP}/invoices/${invoices[0].id}`],
    [
      'consumption by month',
      `${ERP}/consumptions?supplyKey=${hourly.id}&from=${twoYearsBack}&to=${today}&granularity=month`,
    ],
  ];
  return { user: USERNAME, sessionId, endpoints };
}

/** One autocannon load; `extra` overrides connections, duration, overallRate. */
export function load(url, headers, extra = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration: 5, ...extra }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
/** CPU time (user + system, ms) process `pid` has used so far. */
export function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which may hold spaces, in parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The machine's 1-minute load average, as `uptime` prints it. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
