ALTER TABLE "staff_work" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "staff_work" ADD COLUMN "answered_at" timestamp with time zone;