CREATE TABLE "staff_work" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" bigint NOT NULL,
	"assignee_id" bigint,
	"assigned_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"escalated_by" bigint,
	"escalation_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "staff_work" ADD CONSTRAINT "staff_work_assignee_id_staff_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_work" ADD CONSTRAINT "staff_work_escalated_by_staff_users_id_fk" FOREIGN KEY ("escalated_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_work_item_idx" ON "staff_work" USING btree ("item_kind","item_id");