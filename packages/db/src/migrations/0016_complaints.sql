CREATE TABLE "complaint_attachments" (
	"complaint_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	CONSTRAINT "complaint_attachments_complaint_id_document_id_pk" PRIMARY KEY("complaint_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"company_code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"supply_id" bigint NOT NULL,
	"invoice_id" bigint,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"contact_preference" text NOT NULL,
	"contact_email" text,
	"suspends_collection" boolean NOT NULL,
	"channel" text NOT NULL,
	"filed_at" timestamp with time zone NOT NULL,
	"due_date" date NOT NULL,
	"answered_at" timestamp with time zone,
	"answer" text,
	"compensation_invoice_id" bigint,
	CONSTRAINT "complaints_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "complaint_attachments" ADD CONSTRAINT "complaint_attachments_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_attachments" ADD CONSTRAINT "complaint_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_compensation_invoice_id_invoices_id_fk" FOREIGN KEY ("compensation_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_customer_idx" ON "complaints" USING btree ("customer_id","filed_at");--> statement-breakpoint
CREATE INDEX "complaints_invoice_idx" ON "complaints" USING btree ("invoice_id");