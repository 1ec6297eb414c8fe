CREATE TABLE "reading_submissions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supply_id" bigint NOT NULL,
	"token" text NOT NULL,
	"reading_id" bigint,
	"user_id" bigint,
	"via_link_id" bigint,
	"implausible" jsonb,
	"implausible_confirmed" boolean DEFAULT false NOT NULL,
	"meter_replaced" boolean DEFAULT false NOT NULL,
	"photo_document_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_submissions_token_uq" UNIQUE("supply_id","token")
);
--> statement-breakpoint
CREATE TABLE "reading_windows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supply_id" bigint NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"announced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reading_submissions" ADD CONSTRAINT "reading_submissions_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_submissions" ADD CONSTRAINT "reading_submissions_reading_id_readings_id_fk" FOREIGN KEY ("reading_id") REFERENCES "public"."readings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_submissions" ADD CONSTRAINT "reading_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_submissions" ADD CONSTRAINT "reading_submissions_photo_document_id_documents_id_fk" FOREIGN KEY ("photo_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_windows" ADD CONSTRAINT "reading_windows_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_submissions_reading_idx" ON "reading_submissions" USING btree ("reading_id");--> statement-breakpoint
CREATE INDEX "reading_windows_supply_idx" ON "reading_windows" USING btree ("supply_id","opens_on");--> statement-breakpoint
CREATE INDEX "reading_windows_opens_idx" ON "reading_windows" USING btree ("opens_on");