CREATE TABLE "staff_consultations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"staff_user_id" bigint NOT NULL,
	"staff_name" text NOT NULL,
	"staff_session_hash" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "consultation_id" bigint;--> statement-breakpoint
ALTER TABLE "staff_consultations" ADD CONSTRAINT "staff_consultations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_consultations" ADD CONSTRAINT "staff_consultations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_consultations" ADD CONSTRAINT "staff_consultations_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_consultations_customer_idx" ON "staff_consultations" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_consultations_code_idx" ON "staff_consultations" USING btree ("code_hash");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_consultation_id_staff_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."staff_consultations"("id") ON DELETE cascade ON UPDATE no action;