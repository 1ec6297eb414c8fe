ALTER TABLE "proposals" ADD COLUMN "energy_price_micro" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "price_unit" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "fixed_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "effective_date" date;