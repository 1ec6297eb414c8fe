CREATE TABLE "guest_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"company_code" text NOT NULL,
	"name" text NOT NULL,
	"client_code" text NOT NULL,
	"email" text NOT NULL,
	"mobile_phone" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_contacts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "guest_contacts" ADD CONSTRAINT "guest_contacts_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_contacts_company_idx" ON "guest_contacts" USING btree ("company_code","created_at");