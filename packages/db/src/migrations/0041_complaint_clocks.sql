CREATE TABLE "complaint_suspended_bills" (
	"complaint_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	CONSTRAINT "complaint_suspended_bills_complaint_id_invoice_id_pk" PRIMARY KEY("complaint_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "rectification_due_date" date;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "rectification_outcome" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "rectified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "rectified_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "guest_sender" jsonb;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "lookup_code_hash" text;--> statement-breakpoint
ALTER TABLE "complaint_suspended_bills" ADD CONSTRAINT "complaint_suspended_bills_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_suspended_bills" ADD CONSTRAINT "complaint_suspended_bills_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_suspended_bills_invoice_idx" ON "complaint_suspended_bills" USING btree ("invoice_id");--> statement-breakpoint
-- Complaints filed before the two clocks: the reply is due in 30 days whatever the category; the
-- billing categories' rectification in 60 (15 for a double billing), as packages/domain's tiqv.ts says.
UPDATE "complaints" SET
	"due_date" = ("filed_at" AT TIME ZONE 'Europe/Rome')::date + 30,
	"rectification_due_date" = ("filed_at" AT TIME ZONE 'Europe/Rome')::date + CASE "category" WHEN 'double_billing' THEN 15 ELSE 60 END
WHERE "category" IN ('billing', 'rectification', 'double_billing', 'metering', 'prescription');--> statement-breakpoint
INSERT INTO "complaint_suspended_bills" ("complaint_id", "invoice_id")
SELECT "id", "invoice_id" FROM "complaints" WHERE "suspends_collection" AND "invoice_id" IS NOT NULL;
