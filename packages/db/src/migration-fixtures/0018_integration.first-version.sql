CREATE TABLE "integration_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_client_secrets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"brands" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_records" (
	"company_code" text NOT NULL,
	"kind" text NOT NULL,
	"ext_key" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_records_company_code_kind_ext_key_pk" PRIMARY KEY("company_code","kind","ext_key")
);
--> statement-breakpoint
CREATE TABLE "integration_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_client_secrets" ADD CONSTRAINT "integration_client_secrets_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_calls_client_idx" ON "integration_calls" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "integration_client_secrets_client_idx" ON "integration_client_secrets" USING btree ("client_id");