CREATE TABLE "brand_services" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"commodities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	CONSTRAINT "brand_services_position_uq" UNIQUE("company_code","position")
);
--> statement-breakpoint
CREATE TABLE "maintenance_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"maintenance_contract_id" bigint NOT NULL,
	"title" text NOT NULL,
	"issue_date" date NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"maintenance_contract_id" bigint NOT NULL,
	"visit_date" date NOT NULL,
	"kind" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"technician" text,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "service_activations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"supply_id" bigint NOT NULL,
	"request_id" bigint NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_activations_scope_uq" UNIQUE("service_id","scope")
);
--> statement-breakpoint
ALTER TABLE "brand_services" ADD CONSTRAINT "brand_services_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_documents" ADD CONSTRAINT "maintenance_documents_maintenance_contract_id_maintenance_contracts_id_fk" FOREIGN KEY ("maintenance_contract_id") REFERENCES "public"."maintenance_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_visits" ADD CONSTRAINT "maintenance_visits_maintenance_contract_id_maintenance_contracts_id_fk" FOREIGN KEY ("maintenance_contract_id") REFERENCES "public"."maintenance_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_activations" ADD CONSTRAINT "service_activations_service_id_brand_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."brand_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_activations" ADD CONSTRAINT "service_activations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_activations" ADD CONSTRAINT "service_activations_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_activations" ADD CONSTRAINT "service_activations_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_documents_contract_idx" ON "maintenance_documents" USING btree ("maintenance_contract_id");--> statement-breakpoint
CREATE INDEX "maintenance_visits_contract_idx" ON "maintenance_visits" USING btree ("maintenance_contract_id","visit_date");--> statement-breakpoint
CREATE INDEX "service_activations_customer_idx" ON "service_activations" USING btree ("customer_id");