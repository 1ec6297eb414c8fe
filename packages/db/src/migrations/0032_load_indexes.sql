CREATE TABLE "integration_load_indexes" (
	"name" text PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"kind" text NOT NULL,
	"definition" text NOT NULL
);
