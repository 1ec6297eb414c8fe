CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "jobs_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "workflow_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workflow_id" text NOT NULL,
	"company_code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"task_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"replies" jsonb NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_tasks_workflow_id_unique" UNIQUE("workflow_id")
);
--> statement-breakpoint
ALTER TABLE "links" DROP CONSTRAINT "links_hash_code_unique";--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "token_hash" text;--> statement-breakpoint
UPDATE "links" SET "token_hash" = rtrim(translate(encode(sha256(convert_to("hash_code", 'UTF8')), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
ALTER TABLE "links" ALTER COLUMN "token_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link_id" bigint;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "link_id" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "prices" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "conditions" text;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "workflow_tasks_customer_idx" ON "workflow_tasks" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" DROP COLUMN "hash_code";--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_idempotency_key_unique" UNIQUE("idempotency_key");