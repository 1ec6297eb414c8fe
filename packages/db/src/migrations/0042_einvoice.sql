CREATE TABLE "einvoice_recipients" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"recipient_code" text NOT NULL,
	"pec" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bill_einvoices" (
	"invoice_id" bigint PRIMARY KEY NOT NULL,
	"xml" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sdi_id" text;--> statement-breakpoint
ALTER TABLE "einvoice_recipients" ADD CONSTRAINT "einvoice_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_einvoices" ADD CONSTRAINT "bill_einvoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;