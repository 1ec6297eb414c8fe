// `npm run outbox -w server [-- --limit N]`: prints the latest outbox rows (what mail, push and SMS
// would have sent). With the embedded database the server must be stopped (one process owns it);
// while it runs, open /dev/outbox instead.
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '@sportello/db/open';
import { createOutbox } from './outbox.js';

const limitArg = process.argv.indexOf('--limit');
const limit = limitArg > 0 ? Number(process.argv[limitArg + 1]) : 20;

const config = loadConfig();
const database = await openConfiguredDatabase(config, (err) => console.error(err.message));
try {
  const rows = await createOutbox(database.db).latest(Number.isInteger(limit) && limit > 0 ? limit : 20);
  for (const r of rows.reverse()) {
    console.log(`#${r.id} ${r.createdAt.toISOString()} ${r.channel} → ${r.recipient}`);
    if (r.subject) console.log(`  ${r.subject}`);
    console.log(`  ${r.body.replace(/\n/g, '\n  ')}`);
    if (r.data) console.log(`  ${JSON.stringify(r.data)}`);
  }
  if (rows.length === 0) console.log('Outbox vuota.');
} finally {
  await database.close();
}
