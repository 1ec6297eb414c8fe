// The long tasks (> 50 ms) of /login, /dashboard, /invoices and a supply's graphs in Chromium with
// the CPU slowed ×4 (what Lighthouse's mobile run adds up as Total Blocking Time), each with what ran
// in it: the trace's top-level events and the functions the CPU profile sampled most, so a slow page
// says which code to split or defer. Figures swing with the machine's load: the load is printed.
// Usage: node bench/web-trace.mjs [--no-build] [--unminified]; E2E_BASE_URL to use a running server.
// --unminified builds without minifying, so functions keep their names (timings stay comparable).
/* global document */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, startServer } from '../e2e/support/server.mjs';

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const args = new Set(process.argv.slice(2));

if (!args.has('--no-build')) {
  const extra = args.has('--unminified') ? ['--', '--minify', 'false'] : [];
  if (spawnSync('npm', ['run', 'build', '-w', 'web', ...extra], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    process.exit(1);
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

/** Sample timestamps (µs) and the profile's nodes, from the trace's ProfileChunk events. */
function cpuSamples(events, pid) {
  const nodes = new Map();
  const samples = [];
  const profiles = new Map();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile') profiles.set(event.id, { time: event.args.data.startTime });
    if (event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(event.id);
    if (!profile) continue;
    const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile.samples ?? []).forEach((id, index) => {
      profile.time += timeDeltas[index] ?? 0;
      samples.push({ time: profile.time, id });
    });
  }
  return { nodes, samples };
}

const frameName = ({ callFrame }) =>
  `${callFrame.functionName || '(anonymous)'} ${path.basename(callFrame.url || '')}:${callFrame.lineNumber + 1}`;

const top = (counts, n) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${ms.toFixed(0)} ms ${name}`);

function longTasks(trace) {
  const { traceEvents: events } = JSON.parse(trace.toString());
  // The page's main thread: the renderer thread with the most tasks.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
  const taskCount = (m) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length;
  const main = mains.sort((a, b) => taskCount(b) - taskCount(a))[0];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const { nodes, samples } = cpuSamples(events, main.pid);
  const interval = samples.length > 1 ? (samples.at(-1).time - samples[0].time) / (samples.length - 1) : 0;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > LONG_TASK_MS * 1000);
  const start = Math.min(...onMain.map((e) => e.ts));
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    // The task's biggest direct parts (an event not inside another of the task's events).
    const direct = inside.filter(
      (e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur),
    );
    const parts = direct
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 3)
      .map((e) => {
        const data = e.args?.data ?? {};
        const what = data.url ? path.basename(data.url) : (data.functionName ?? data.type ?? '');
        return `${e.name}${what ? ` ${what}` : ''} ${(e.dur / 1000).toFixed(0)} ms`;
      });
    const self = new Map();
    const inclusive = new Map();
    for (const sample of samples) {
      if (sample.time < task.ts || sample.time > end) continue;
      const node = nodes.get(sample.id);
      if (!node) continue;
      const ms = interval / 1000;
      self.set(frameName(node), (self.get(frameName(node)) ?? 0) + ms);
      const seen = new Set();
      for (let n = node; n; n = nodes.get(n.parent)) {
        const name = frameName(n);
        if (seen.has(name) || !n.callFrame.url) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
      }
    }
    return {
      atMs: Math.round((task.ts - start) / 1000),
      ms: Math.round(task.dur / 1000),
      // The thread's own CPU time: what the task costs without the throttling's pauses nor other
      // processes taking the core (Lighthouse's mobile run multiplies such an unthrottled cost by 4).
      cpuMs: Math.round((task.tdur ?? task.dur) / 1000),
      parts,
      self: top(self, 5),
      inclusive: top(inclusive, 8),
    };
  });
}

const server = process.env.E2E_BASE_URL
  ? { baseUrl: process.env.E2E_BASE_URL, stop: async () => undefined }
  : await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  // Lighthouse's mobile screen: 412 × 823 at ×1.75.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const base = server.baseUrl;
  const traced = async (name, url) => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    const tasks = longTasks(await browser.stopTracing());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const blocking = tasks.reduce((sum, task) => sum + task.ms - LONG_TASK_MS, 0);
    const cpuBlocking = tasks.reduce((sum, task) => sum + Math.max(0, task.cpuMs - LONG_TASK_MS), 0);
    console.log(
      `\n${name}: ${tasks.length} long tasks, ${blocking} ms beyond 50 ms each, ${cpuBlocking} ms counting ` +
        `their CPU time only (load ${loadavg()[0].toFixed(1)})`,
    );
    for (const task of tasks) {
      console.log(
        `  ${String(task.ms).padStart(5)} ms (CPU ${task.cpuMs}) at ${task.atMs} ms: ${task.parts.join(', ')}`,
      );
      console.log(`      self: ${task.self.join(' | ')}`);
      console.log(`      incl: ${task.inclusive.join(' | ')}`);
    }
  };
  await traced('login', `${base}/login?company=sga`);
  await page.fill('input[name="username"]', process.env.BUDGET_USER ?? 'mariorossi');
  await page.fill('input[name="password"]', process.env.BUDGET_PASSWORD ?? 'Sportello2026!');
  await page.$eval('form', (form) => form.requestSubmit());
  await page.waitForURL('**/dashboard', { timeout: 60_000 });
  const supplyPath = await (
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('a[href^="/supplies/"]')]
          .map((link) => link.getAttribute('href'))
          .find((href) => /^\/supplies\/\d+$/.test(href ?? '')),
      undefined,
      { timeout: 60_000 },
    )
  ).jsonValue();
  await traced('dashboard', `${base}/dashboard`);
  await traced('invoices', `${base}/invoices`);
  await traced('graphs', `${base}${supplyPath}/graphs`);
} finally {
  await browser.close();
  await server.stop();
}
