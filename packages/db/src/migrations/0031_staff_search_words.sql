CREATE TABLE "customer_name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_name_words_trgm_idx" ON "customer_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_words_idx" ON "customers" USING gin (string_to_array(lower("name"), ' '));--> statement-breakpoint
-- The words of the names written by a statement, once each. Statement triggers with the rows as a table:
-- the seed's and the ERP import's bulk inserts add their words in one statement. NOT EXISTS as well as
-- ON CONFLICT: the seed's bulk load drops the primary key while it copies (packages/demo engine/indexes).
CREATE FUNCTION "customer_name_words_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "customer_name_words" ("word")
	SELECT DISTINCT w FROM written, unnest(string_to_array(lower(written.name), ' ')) AS w
	WHERE w <> '' AND NOT EXISTS (SELECT 1 FROM "customer_name_words" k WHERE k.word = w)
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "customers_name_words_on_insert" AFTER INSERT ON "customers"
	REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "customer_name_words_add"();--> statement-breakpoint
CREATE TRIGGER "customers_name_words_on_update" AFTER UPDATE ON "customers"
	REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "customer_name_words_add"();--> statement-breakpoint
INSERT INTO "customer_name_words" ("word")
	SELECT DISTINCT w FROM "customers", unnest(string_to_array(lower("customers"."name"), ' ')) AS w WHERE w <> '';
