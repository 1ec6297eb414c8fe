CREATE TABLE "meter_silence_alerts" (
	"supply_id" bigint NOT NULL,
	"last_data_on" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meter_silence_alerts_supply_id_last_data_on_pk" PRIMARY KEY("supply_id","last_data_on")
);
--> statement-breakpoint
CREATE TABLE "data_archives" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" bigint NOT NULL,
	"customer_id" bigint,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"size_bytes" integer,
	"content_base64" text,
	CONSTRAINT "data_archives_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "reading_windows" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meter_silence_alerts" ADD CONSTRAINT "meter_silence_alerts_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_archives" ADD CONSTRAINT "data_archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_archives" ADD CONSTRAINT "data_archives_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_archives_user_idx" ON "data_archives" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_archives_one_preparing_idx" ON "data_archives" USING btree ("user_id") WHERE "data_archives"."status" = 'preparing';--> statement-breakpoint
CREATE INDEX "data_archives_expires_idx" ON "data_archives" USING btree ("expires_at");