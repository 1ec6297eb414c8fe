// Writes the web features' table into docs/architecture.md, between its markers (npm run docs:architecture).
import { readFileSync, writeFileSync } from 'node:fs';
import { FEATURES_END, FEATURES_START, featuresTable } from '../src/app/features-table';

const target = new URL('../../docs/architecture.md', import.meta.url);
const page = readFileSync(target, 'utf8');
const start = page.indexOf(FEATURES_START);
const end = page.indexOf(FEATURES_END) + FEATURES_END.length;
if (start < 0 || end < start) throw new Error(`${target.pathname} lacks the line ${FEATURES_START}`);
writeFileSync(target, page.slice(0, start) + featuresTable() + page.slice(end));
console.log(`written the features table of ${target.pathname}`);
