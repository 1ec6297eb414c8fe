// `npm test`: the whole check, as CI runs it, on any machine that followed the README.
//
// It finds what the tests need before the first one runs, so nothing is skipped for want of it:
// PostgreSQL's programs (the fault tests start clusters with initdb; Debian keeps them off PATH) and a
// PostgreSQL server for the API tests (TEST_DATABASE_URL, else the local one on 127.0.0.1:5432, started
// when it is installed but stopped). Without one it stops with what to do; SPORTELLO_TESTS_WITHOUT_POSTGRES=1
// runs the PGlite half alone, saying so at the end.
// Then the steps: lint, formatting and type checks need no database and run side by side; the unit and
// API tests, then the browser tests, each use every core, so they run one after the other; the app's
// check last, on the web app the browser tests built. Each step's output is printed when it ends, with its time; the first failure fails the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const env = { ...process.env };

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(`${root}/${version}/bin/initdb`))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? `${root}/${versions.at(-1)}/bin` : undefined;
}

const answers = (url) => spawnSync('pg_isready', ['-d', url, '-q'], { env, timeout: 10_000 }).status === 0;

function findPostgres() {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { env }).status === 0;
  const bin = postgresBin();
  if (!onPath && bin) env.PATH = `${bin}:${env.PATH}`;
  if (!onPath && !bin) {
    return 'PostgreSQL is not installed (the fault tests need initdb): apt-get install postgresql';
  }
  const url = env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!answers(url)) {
    const clusters = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
    for (const version of clusters) {
      console.log(`PostgreSQL does not answer on ${url}: starting cluster ${version}/main…`);
      spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], {
        env,
        stdio: 'inherit',
      });
    }
    for (let attempt = 0; attempt < 10 && !answers(url); attempt++) spawnSync('sleep', ['1']);
  }
  if (!answers(url)) {
    return `PostgreSQL does not answer on ${url}: start it, or set TEST_DATABASE_URL to one that does`;
  }
  env.TEST_DATABASE_URL = url;
  return undefined;
}

const missing = findPostgres();
const withoutPostgres = process.env.SPORTELLO_TESTS_WITHOUT_POSTGRES === '1';
if (missing && !withoutPostgres) {
  console.error(`${missing}.\n(SPORTELLO_TESTS_WITHOUT_POSTGRES=1 runs the PGlite half only.)`);
  process.exit(1);
}
if (missing) delete env.TEST_DATABASE_URL;

function step(name, script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(
        `\n── ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s ──\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve({ name, code, seconds });
    });
  });
}

/** Long steps print as they go, so a slow run can be followed. */
function streamedStep(name, script) {
  const started = Date.now();
  process.stdout.write(`\n── ${name} ──\n`);
  const { status } = spawnSync('npm', ['run', '--silent', script], { env, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(
    `── ${name}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`} in ${seconds} s ──\n`,
  );
  return { name, code: status, seconds };
}

const results = await Promise.all([
  step('lint', 'lint'),
  step('formatting', 'format:check'),
  step('type checks', 'typecheck'),
]);
for (const [name, script] of [
  ['unit and API tests', 'test:unit'],
  ['browser tests', 'test:e2e'],
  ['app check', 'app:check'],
]) {
  if (results.some((result) => result.code !== 0)) break;
  results.push(streamedStep(name, script));
}

console.log('\nSteps:');
for (const { name, code, seconds } of results)
  console.log(`  ${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
if (missing) console.log(`\nThe PostgreSQL half did not run: ${missing}.`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
