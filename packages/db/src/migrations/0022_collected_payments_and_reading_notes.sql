CREATE TABLE "collected_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"ext_key" text NOT NULL,
	"invoice_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"collected_on" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"returned" boolean NOT NULL,
	"applied_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "readings" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "collected_payments" ADD CONSTRAINT "collected_payments_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collected_payments" ADD CONSTRAINT "collected_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collected_payments_key_idx" ON "collected_payments" USING btree ("company_code","ext_key");--> statement-breakpoint
CREATE INDEX "collected_payments_invoice_idx" ON "collected_payments" USING btree ("invoice_id");