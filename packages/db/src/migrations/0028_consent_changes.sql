CREATE TABLE "consent_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"consent" text NOT NULL,
	"subject" text NOT NULL,
	"old_value" boolean,
	"new_value" boolean NOT NULL,
	"channel" text NOT NULL,
	"by_who" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_changes" ADD CONSTRAINT "consent_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_changes_customer_idx" ON "consent_changes" USING btree ("customer_id","at");