CREATE TABLE "customer_contact_claims" (
	"customer_id" bigint NOT NULL,
	"contact" text NOT NULL,
	"value" text NOT NULL,
	"username" text NOT NULL,
	"staff_user_id" bigint,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_contact_claims_customer_id_contact_pk" PRIMARY KEY("customer_id","contact")
);
--> statement-breakpoint
ALTER TABLE "customer_contact_claims" ADD CONSTRAINT "customer_contact_claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;