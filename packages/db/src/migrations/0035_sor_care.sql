ALTER TABLE "requests" ADD COLUMN "phase_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "answered_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "integration_events" ADD COLUMN "staff_user_id" bigint;--> statement-breakpoint
ALTER TABLE "integration_records" ADD COLUMN "content_hash" text;