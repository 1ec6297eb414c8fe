ALTER TABLE "offers" ADD COLUMN "market" text DEFAULT 'libero' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplies" ADD COLUMN "offer_ends_on" date;