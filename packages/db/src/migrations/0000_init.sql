CREATE TABLE "companies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_name" text NOT NULL,
	"vat_number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_modules" (
	"company_code" text NOT NULL,
	"module_key" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "company_modules_company_code_module_key_pk" PRIMARY KEY("company_code","module_key")
);
--> statement-breakpoint
CREATE TABLE "conf_properties" (
	"company_code" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "conf_properties_company_code_name_pk" PRIMARY KEY("company_code","name")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"company_code" text NOT NULL,
	"customer_code" text NOT NULL,
	"customer_type" text NOT NULL,
	"name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"fiscal_code" text,
	"vat_number" text,
	"email" text,
	"phone_mobile" text,
	"phone_home" text,
	"privacy_company" boolean DEFAULT false NOT NULL,
	"privacy_others" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "delegations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"fb_push_id" text NOT NULL,
	"platform" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hash_code" text NOT NULL,
	"company_code" text NOT NULL,
	"module_id" integer NOT NULL,
	"entity_key" text,
	"additional_params" text,
	"item" text,
	"customer_id" bigint,
	"user_id" bigint,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "links_hash_code_unique" UNIQUE("hash_code")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"customer_id" bigint,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"detail" text,
	"acceptance_required" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"read_time" timestamp with time zone,
	"accepted_time" timestamp with time zone,
	"reading_date" timestamp with time zone,
	"confirmation_date" timestamp with time zone,
	"mn_msg_id" text,
	"push_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_workflows" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"locale" text DEFAULT 'it' NOT NULL,
	"client_spec" jsonb,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"company_code" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"customer_id" bigint,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone_mobile" text,
	"user_options" text DEFAULT '{}' NOT NULL,
	"receive_commercial_notifications" boolean DEFAULT false NOT NULL,
	"receive_tech_notifications" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "consumptions" (
	"supply_id" bigint NOT NULL,
	"interval_start" timestamp with time zone NOT NULL,
	"quantity" integer NOT NULL,
	"band" text NOT NULL,
	CONSTRAINT "consumptions_supply_id_interval_start_pk" PRIMARY KEY("supply_id","interval_start")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"company_code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"shipping_address" jsonb,
	"banking" jsonb,
	CONSTRAINT "contracts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "maintenance_contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"supply_id" bigint,
	"product" text NOT NULL,
	"status" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_visit_date" date,
	"annual_fee_cents" integer NOT NULL,
	CONSTRAINT "maintenance_contracts_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "meter_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supply_id" bigint NOT NULL,
	"meter_serial" text NOT NULL,
	"full_capacity_start_date" date,
	"measures" jsonb NOT NULL,
	CONSTRAINT "meter_groups_supply_id_unique" UNIQUE("supply_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"ext_key" text NOT NULL,
	"company_code" text NOT NULL,
	"name" text NOT NULL,
	"commodity" text NOT NULL,
	"price_type" text NOT NULL,
	"description" text,
	CONSTRAINT "offers_key_unique" UNIQUE("key"),
	CONSTRAINT "offers_ext_key_unique" UNIQUE("ext_key")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"supply_id" bigint NOT NULL,
	"reading_date" date NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"ext_key" text NOT NULL,
	"contract_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"offer_id" bigint,
	"commodity" text NOT NULL,
	"point_code" text NOT NULL,
	"nickname" text,
	"status" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text NOT NULL,
	"locality" text NOT NULL,
	"province" text NOT NULL,
	"istat_code" text,
	"activation_date" date NOT NULL,
	"deactivation_date" date,
	"technical_data" jsonb,
	CONSTRAINT "supplies_key_unique" UNIQUE("key"),
	CONSTRAINT "supplies_ext_key_unique" UNIQUE("ext_key")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"document_type" text NOT NULL,
	"content_type" text NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "insolvencies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" bigint NOT NULL,
	"contract_id" bigint,
	"amount_cents" integer NOT NULL,
	"since_date" date NOT NULL,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "installments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"to_be_paid" boolean NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_sections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"ext_key" text NOT NULL,
	"company_code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"contract_id" bigint NOT NULL,
	"number" text NOT NULL,
	"invoice_type_code" integer NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"period_start" date,
	"period_end" date,
	"amount_cents" integer NOT NULL,
	"outstanding_cents" integer NOT NULL,
	"payment_level" text NOT NULL,
	"document_id" bigint,
	CONSTRAINT "invoices_key_unique" UNIQUE("key"),
	CONSTRAINT "invoices_ext_key_unique" UNIQUE("ext_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"gateway_id" integer NOT NULL,
	"pay_kind" text NOT NULL,
	"total_amount_cents" integer NOT NULL,
	"items" jsonb NOT NULL,
	"status" text NOT NULL,
	"user_outcome" text,
	"user_outcome_date" timestamp with time zone,
	"redirect_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"contract_id" bigint,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"action_selected" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"company_code" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"contract_id" bigint,
	"request_type" text NOT NULL,
	"status" text NOT NULL,
	"phase_code" text,
	"description" text,
	"payload" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_date" timestamp with time zone,
	CONSTRAINT "requests_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"quotation_type" text NOT NULL,
	"interval_start" timestamp with time zone NOT NULL,
	"price_milli_euro_per_mwh" integer NOT NULL,
	CONSTRAINT "quotations_quotation_type_interval_start_pk" PRIMARY KEY("quotation_type","interval_start")
);
--> statement-breakpoint
CREATE TABLE "streets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"town_istat_code" text NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"postal_code" text
);
--> statement-breakpoint
CREATE TABLE "towns" (
	"istat_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"province" text NOT NULL,
	"region" text NOT NULL,
	"belfiore_code" text NOT NULL,
	"postal_codes" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_modules" ADD CONSTRAINT "company_modules_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conf_properties" ADD CONSTRAINT "conf_properties_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_workflows" ADD CONSTRAINT "otp_workflows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumptions" ADD CONSTRAINT "consumptions_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_contracts" ADD CONSTRAINT "maintenance_contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_contracts" ADD CONSTRAINT "maintenance_contracts_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_groups" ADD CONSTRAINT "meter_groups_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readings" ADD CONSTRAINT "readings_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplies" ADD CONSTRAINT "supplies_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplies" ADD CONSTRAINT "supplies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplies" ADD CONSTRAINT "supplies_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insolvencies" ADD CONSTRAINT "insolvencies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insolvencies" ADD CONSTRAINT "insolvencies_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sections" ADD CONSTRAINT "invoice_sections_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streets" ADD CONSTRAINT "streets_town_istat_code_towns_istat_code_fk" FOREIGN KEY ("town_istat_code") REFERENCES "public"."towns"("istat_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_code_idx" ON "customers" USING btree ("company_code","customer_code");--> statement-breakpoint
CREATE INDEX "customers_fiscal_code_idx" ON "customers" USING btree ("fiscal_code");--> statement-breakpoint
CREATE INDEX "customers_vat_idx" ON "customers" USING btree ("vat_number");--> statement-breakpoint
CREATE UNIQUE INDEX "delegations_user_customer_idx" ON "delegations" USING btree ("user_id","customer_id");--> statement-breakpoint
CREATE INDEX "delegations_customer_idx" ON "delegations" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_user_push_idx" ON "devices" USING btree ("user_id","fb_push_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_username_idx" ON "users" USING btree ("company_code",lower("username"));--> statement-breakpoint
CREATE INDEX "users_customer_idx" ON "users" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contracts_customer_idx" ON "contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "maintenance_customer_idx" ON "maintenance_contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "readings_supply_idx" ON "readings" USING btree ("supply_id","reading_date");--> statement-breakpoint
CREATE INDEX "supplies_customer_idx" ON "supplies" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "supplies_contract_idx" ON "supplies" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "insolvencies_customer_idx" ON "insolvencies" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "installments_invoice_idx" ON "installments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_sections_invoice_idx" ON "invoice_sections" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_contract_idx" ON "invoices" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "messages_customer_idx" ON "messages" USING btree ("customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "proposals_customer_idx" ON "proposals" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "requests_customer_idx" ON "requests" USING btree ("customer_id","created_date");--> statement-breakpoint
CREATE INDEX "requests_contract_type_idx" ON "requests" USING btree ("contract_id","request_type","created_date");--> statement-breakpoint
CREATE INDEX "streets_town_search_idx" ON "streets" USING btree ("town_istat_code","search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "towns_search_idx" ON "towns" USING btree ("search_name" text_pattern_ops);