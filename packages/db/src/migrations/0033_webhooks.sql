CREATE TABLE "anonymous_refusals" (
	"surface" text NOT NULL,
	"address" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "anonymous_refusals_surface_address_minute_pk" PRIMARY KEY("surface","address","minute")
);
--> statement-breakpoint
ALTER TABLE "integration_webhooks" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_webhooks" ADD COLUMN "leased_by" text;--> statement-breakpoint
ALTER TABLE "integration_webhooks" ADD COLUMN "lease_until" timestamp with time zone;