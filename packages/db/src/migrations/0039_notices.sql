-- Notices sent before this migration went by the portal's e-mail on the day they were sent.
ALTER TABLE "price_changes" ADD COLUMN "medium" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_changes" ALTER COLUMN "medium" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "price_changes" ADD COLUMN "received_on" date;--> statement-breakpoint
UPDATE "price_changes" SET "received_on" = "notice_on";--> statement-breakpoint
ALTER TABLE "price_changes" ALTER COLUMN "received_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "price_changes" ADD COLUMN "vat_percent" double precision;--> statement-breakpoint
ALTER TABLE "price_changes" ADD COLUMN "compensation_invoice_id" bigint;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_compensation_invoice_id_invoices_id_fk" FOREIGN KEY ("compensation_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;
