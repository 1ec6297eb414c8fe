// Writes docs/routes-and-calls.md from the code (npm run docs:routes).
import { writeFileSync } from 'node:fs';
import { routesAndCallsDocument } from '../src/app/routes-and-calls';

const target = new URL('../../docs/routes-and-calls.md', import.meta.url);
writeFileSync(target, await routesAndCallsDocument());
console.log(`written ${target.pathname}`);
