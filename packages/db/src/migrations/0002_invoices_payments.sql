CREATE TABLE "payment_claims" (
	"payment_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"installment_id" bigint
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"gateway_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_gateway_id_event_id_pk" PRIMARY KEY("gateway_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "test_gateway_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"ok_url" text NOT NULL,
	"ko_url" text NOT NULL,
	"status" text NOT NULL,
	"event_id" text,
	"card_last4" text,
	"expires_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "documents_customer_idx";--> statement-breakpoint
DROP INDEX "payments_customer_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "legal_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "help_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_mark" text DEFAULT 'sun' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "primary_color" text DEFAULT '#333333' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "accent_color" text DEFAULT '#999999' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "content_base64" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "generated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_ref" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_invoice_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_claims_payment_idx" ON "payment_claims" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_invoice_idx" ON "payment_claims" USING btree ("invoice_id") WHERE "payment_claims"."installment_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_installment_idx" ON "payment_claims" USING btree ("installment_id") WHERE "payment_claims"."installment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_idx" ON "payments" USING btree ("gateway_id","gateway_ref");--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id","created_at");