// Earlier versions of committed migrations that some database may have applied, with the statements
// that bring such a database to the migration as committed now. 0018 was edited twice on the day it was
// written (the outbound events, then the webhooks were added to it instead of to new migrations); the
// rule since is that a committed migration is never edited (migrate.test.ts holds every file to its
// recorded hash), so this list is meant to stay as it is.
import { readFileSync } from 'node:fs';

export interface EarlierVersion {
  /** sha256 of the file as it was, as drizzle recorded it in __drizzle_migrations. */
  hash: string;
  repair: string[];
}

/** The statements of 0018 as committed that name one of `names`: what an earlier version lacked. */
function statementsOf0018Naming(...names: string[]): string[] {
  const text = readFileSync(new URL('./migrations/0018_integration.sql', import.meta.url), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .filter((statement) => names.some((name) => statement.includes(`"${name}"`)));
}

export const earlierVersions: Record<string, EarlierVersion[]> = {
  '0018_integration': [
    {
      // The machine clients and the loaded records only.
      hash: '9779d1e1dd8d216f6730c115f5520aa030b658c9fadf2e04a01ceb66a4ad4e31',
      repair: statementsOf0018Naming(
        'integration_events',
        'integration_records_entity_idx',
        'integration_webhooks',
      ),
    },
    {
      // With the outbound events, before the webhooks.
      hash: '4836b790c84e80ed5305b3b7dcd83bbcc4c7656ad76ac5b40fb1eb7d445370e7',
      repair: statementsOf0018Naming('integration_webhooks'),
    },
  ],
};
