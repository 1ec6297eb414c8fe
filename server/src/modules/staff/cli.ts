// `npm run staff -- create --username m.bianchi --name "Maria Bianchi" --role operator --brands sga,sgr`:
// a customer-care staff account (ADR 041) on the configured database (PGlite in DATA_DIR — not while a
// server holds it — or PostgreSQL at DATABASE_URL). The password is STAFF_PASSWORD's, or one made here;
// it and the TOTP enrolment (secret and otpauth:// URI for the authenticator app) are printed once.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '@sportello/db/open';
import { loadConfig } from '../../config.js';
import { createStaffAccount, StaffInputError } from './accounts.js';
import { createStaffRepository } from './repository.js';

const USAGE = `usage:
  [STAFF_PASSWORD=…] npm run staff -- create --username <name> --role operator|supervisor|administrator --brands <b1,b2> [--name "<display name>"]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string', default: '' },
    name: { type: 'string' },
    role: { type: 'string', default: '' },
    brands: { type: 'string', default: '' },
  },
});
if (positionals[0] !== 'create') {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config, (err) => console.error(`database: ${err.message}`));
const given = process.env.STAFF_PASSWORD;
const password = given ?? randomBytes(15).toString('base64url');
try {
  const made = await createStaffAccount(
    database.db,
    createStaffRepository(database.db, config.SECRETS_KEYS),
    {
      username: values.username,
      displayName: values.name ?? values.username,
      password,
      role: values.role,
      brands: values.brands
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    },
  );
  console.log(`staff account:  ${values.username} (${values.role}, ${values.brands})`);
  if (!given) console.log(`password:       ${password}`);
  console.log(`TOTP secret:    ${made.secret}`);
  console.log(`otpauth URI:    ${made.uri}`);
  console.log('Add the URI (or the secret) to an authenticator app now: neither is shown again.');
} catch (err) {
  if (!(err instanceof StaffInputError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
