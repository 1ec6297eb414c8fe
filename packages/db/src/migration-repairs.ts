// Earlier versions of committed migrations that some database may have applied, with the statements
// that bring such a database to the migration as committed now. 0018 was edited twice on the day it was
// written (the outbound events, then the webhooks were added to it instead of to new migrations); the
// rule since is that a committed migration is never edited (migrations.test.ts holds every file to its
// recorded hash), so this list is meant to stay as it is.
export interface EarlierVersion {
  /** sha256 of the file as it was, as drizzle recorded it in __drizzle_migrations. */
  hash: string;
  repair: string[];
}

const webhooks = [
  `CREATE TABLE IF NOT EXISTS "integration_webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"company_code" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
)`,
  `ALTER TABLE "integration_webhooks" ADD CONSTRAINT "integration_webhooks_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action`,
];

const events = [
  `CREATE TABLE IF NOT EXISTS "integration_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"position" bigint,
	"company_code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"entity_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_events_position_unique" UNIQUE("position")
)`,
  `CREATE INDEX IF NOT EXISTS "integration_events_unpositioned_idx" ON "integration_events" USING btree ("id") WHERE "integration_events"."position" is null`,
  `CREATE INDEX IF NOT EXISTS "integration_records_entity_idx" ON "integration_records" USING btree ("kind","entity_id")`,
];

export const earlierVersions: Record<string, EarlierVersion[]> = {
  '0018_integration': [
    // The machine clients and the loaded records only.
    {
      hash: '9779d1e1dd8d216f6730c115f5520aa030b658c9fadf2e04a01ceb66a4ad4e31',
      repair: [...events, ...webhooks],
    },
    // With the outbound events, before the webhooks.
    { hash: '4836b790c84e80ed5305b3b7dcd83bbcc4c7656ad76ac5b40fb1eb7d445370e7', repair: webhooks },
  ],
};
