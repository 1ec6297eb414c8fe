CREATE TABLE "accessibility_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"company_code" text NOT NULL,
	"customer_id" bigint,
	"request_id" bigint,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"page" text,
	"description" text NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accessibility_feedback_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "accessibility_feedback" ADD CONSTRAINT "accessibility_feedback_company_code_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessibility_feedback" ADD CONSTRAINT "accessibility_feedback_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessibility_feedback" ADD CONSTRAINT "accessibility_feedback_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accessibility_feedback_due_idx" ON "accessibility_feedback" USING btree ("company_code","due_on");