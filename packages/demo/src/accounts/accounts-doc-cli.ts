// Rewrites docs/demo-accounts.json from accounts.ts.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { demoAccountsDoc } from './accounts-doc.js';

const target = fileURLToPath(new URL('../../../../docs/demo-accounts.json', import.meta.url));
await writeFile(target, `${JSON.stringify(demoAccountsDoc(), null, 2)}\n`);
console.log(`wrote ${target}`);
