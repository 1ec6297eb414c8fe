// A larger fuzz run than CI's: the contract fuzz suite (server/test/contract-fuzz.ts, in its four files) with many
// random cases per call and a new seed each time, printed so a failure can be replayed with it.
//   node bench/fuzz.mjs [runs per call, default 500] [seed, default random]
// Add TEST_DATABASE_URL to run it on PostgreSQL too.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = process.argv[2] ?? '500';
const seed = process.argv[3] ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(
  `fuzz: ${runs} random cases per call, seed ${seed} (replay: node bench/fuzz.mjs ${runs} ${seed})`,
);
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', 'test/contract-fuzz-'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed } },
);
