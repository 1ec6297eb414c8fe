ALTER TABLE "invoices" DROP CONSTRAINT "invoices_ext_key_unique";--> statement-breakpoint
ALTER TABLE "collected_payments" ADD COLUMN "excess_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_ext_key_idx" ON "invoices" USING btree ("company_code","ext_key");