-- The staff search's trigram index needs pg_trgm (PGlite loads it as a contrib extension: client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_user_id" bigint,
	"session_ref" text,
	"action" text NOT NULL,
	"customer_id" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "staff_factors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"secret" text NOT NULL,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"staff_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"brands" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "staff_factors" ADD CONSTRAINT "staff_factors_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_customer_idx" ON "staff_audit" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "staff_audit_user_idx" ON "staff_audit" USING btree ("staff_user_id","id");--> statement-breakpoint
CREATE INDEX "staff_factors_user_idx" ON "staff_factors" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("phone_mobile");--> statement-breakpoint
CREATE INDEX "customers_customer_code_idx" ON "customers" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "supplies_point_code_idx" ON "supplies" USING btree ("point_code");--> statement-breakpoint
CREATE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");;--> statement-breakpoint
-- The staff audit is append-only (ADR 041): whoever asks, a row once written is never changed or removed.
CREATE FUNCTION "staff_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'staff_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "staff_audit"
	FOR EACH ROW EXECUTE FUNCTION "staff_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_truncate" BEFORE TRUNCATE ON "staff_audit"
	FOR EACH STATEMENT EXECUTE FUNCTION "staff_audit_append_only"();
