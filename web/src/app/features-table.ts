// The web features' table of docs/architecture.md, written from the features list (features.ts) so it
// cannot drift: each feature's folder, purpose and pages. web/build/write-features-table.ts writes it
// between the page's markers; features-table.test.ts fails when the page is out of date.
import { FEATURES } from './features';

export const FEATURES_START = '<!-- features table: npm run docs:architecture -->';
export const FEATURES_END = '<!-- end of features table -->';

export function featuresTable(): string {
  const rows = FEATURES.map(({ name, purpose, routes }) => {
    const paths = [...new Set(Object.values(routes).map((route) => `\`${route.path}\``))];
    return `| \`${name}\` | \`features/${name}/\` | ${purpose.replace(/\|/g, '\\|')} | ${paths.join(', ')} |`;
  });
  return [
    FEATURES_START,
    '| feature | folder | what it is for | pages |',
    '|---|---|---|---|',
    ...rows,
    FEATURES_END,
  ].join('\n');
}
