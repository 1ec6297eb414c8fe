// Two versions of the code under the same ratio bench, alternated in one run ("show the ratio
// bench before and after"): `node bench/ratio.mjs <seconds> "" 1` (one round) runs in the "before" checkout, then in the
// "after" one, `runs` times in turn, so a machine that gets busier mid-run weighs on both alike. Prints
// each side's share of its own server's /healthz per endpoint and database (every run, then the
// median), the server's CPU per request (median) and the load average around each run.
// Usage: node bench/ratio-alternate.mjs <before checkout> [after checkout, default this one] [runs 3] [seconds 3]
//   The before checkout needs its node_modules (a git worktree with them copied will do).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [beforeArg, afterArg, runsArg, secondsArg] = process.argv.slice(2);
if (!beforeArg) {
  console.error('usage: node bench/ratio-alternate.mjs <before checkout> [after checkout] [runs] [seconds]');
  process.exit(2);
}
const sides = { before: path.resolve(beforeArg), after: path.resolve(afterArg ?? root) };
const runs = Number(runsArg ?? 3);
const seconds = String(secondsArg ?? 3);
const loads = [];

function ratioIn(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/ratio.mjs', seconds, '', '1'], {
      cwd: dir,
      stdio: 'inherit',
    });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`bench/ratio.mjs in ${dir} exited with ${code}`)),
    );
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const results = { before: [], after: [] };
for (let run = 1; run <= runs; run++) {
  for (const side of ['before', 'after']) {
    console.log(`\n=== run ${run}/${runs}: ${side} (${sides[side]}) ===`);
    await ratioIn(sides[side]);
    const { rows, loadAverage } = JSON.parse(
      readFileSync(path.join(sides[side], 'bench/results/ratio.json'), 'utf8'),
    );
    results[side].push(rows.filter((r) => r.server === 'server'));
    loads.push(`${side} ${run}: ${loadAverage.before} → ${loadAverage.after}`);
  }
}

for (const side of ['before', 'after']) {
  console.log(
    `\n${side}: share of the same server's /healthz (%), runs 1..${runs} and median; server CPU per request, median`,
  );
  for (const row of results[side][0]) {
    const same = results[side].map((rows) =>
      rows.find((r) => r.database === row.database && r.endpoint === row.endpoint),
    );
    const shares = row.endpoint === 'healthz' ? [] : same.map((r) => r.shareOfOwnHealthz);
    console.log(
      `  ${row.database.padEnd(9)} ${row.endpoint.padEnd(22)} ${shares.map((s) => s.toFixed(1).padStart(5)).join(' ')}` +
        `${shares.length ? `  median ${median(shares).toFixed(1).padStart(5)} %` : ''}  ${String(Math.round(median(same.map((r) => r.cpuUsPerRequest)))).padStart(6)} µs CPU/req`,
    );
  }
}
console.log(`\nload average (1, 5, 15 min) before → after each run:\n  ${loads.join('\n  ')}`);

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const out = path.join(root, 'bench/results/ratio-alternate.json');
writeFileSync(
  out,
  JSON.stringify({ at: new Date().toISOString(), seconds: Number(seconds), sides, results }, null, 2),
);
console.log(`\nwritten to ${path.relative(root, out)}`);
