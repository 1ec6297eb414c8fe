// Writes the server modules' table into docs/architecture.md, between its markers (npm run docs:architecture).
import { readFileSync, writeFileSync } from 'node:fs';
import { MODULES_END, MODULES_START, modulesTable } from './modules-table.js';

const target = new URL('../../docs/architecture.md', import.meta.url);
const page = readFileSync(target, 'utf8');
const start = page.indexOf(MODULES_START);
const end = page.indexOf(MODULES_END) + MODULES_END.length;
if (start < 0 || end < start) throw new Error(`${target.pathname} lacks the line ${MODULES_START}`);
writeFileSync(target, page.slice(0, start) + (await modulesTable()) + page.slice(end));
console.log(`written the modules table of ${target.pathname}`);
