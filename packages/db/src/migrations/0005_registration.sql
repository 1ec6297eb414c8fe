CREATE TABLE "delegate_addresses" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"street_name" text NOT NULL,
	"civic_number" text NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"postal_code" text NOT NULL,
	"istat_code" text
);
--> statement-breakpoint
CREATE TABLE "delegation_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"workflow_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "delegation_requests_workflow_id_unique" UNIQUE("workflow_id")
);
--> statement-breakpoint
ALTER TABLE "delegate_addresses" ADD CONSTRAINT "delegate_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_requests" ADD CONSTRAINT "delegation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_requests" ADD CONSTRAINT "delegation_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delegation_requests_open_idx" ON "delegation_requests" USING btree ("user_id","customer_id") WHERE "delegation_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "delegation_requests_customer_idx" ON "delegation_requests" USING btree ("customer_id");