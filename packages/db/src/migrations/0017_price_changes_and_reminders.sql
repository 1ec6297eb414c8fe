CREATE TABLE "payment_reminders" (
	"invoice_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_reminders_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"company_code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"supply_id" bigint NOT NULL,
	"offer_id" bigint NOT NULL,
	"message_id" bigint,
	"notice_on" date NOT NULL,
	"effective_on" date NOT NULL,
	"changes" jsonb NOT NULL,
	"used_milli_units" bigint NOT NULL,
	"months_counted" integer NOT NULL,
	"yearly_effect_cents" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_changes_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_changes" ADD CONSTRAINT "price_changes_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_changes_supply_effective_idx" ON "price_changes" USING btree ("supply_id","effective_on");--> statement-breakpoint
CREATE INDEX "price_changes_customer_idx" ON "price_changes" USING btree ("customer_id","effective_on");--> statement-breakpoint
CREATE INDEX "invoices_owed_due_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."outstanding_cents" > 0;