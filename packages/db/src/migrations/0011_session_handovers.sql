CREATE TABLE "session_handovers" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"session_id_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_handovers" ADD CONSTRAINT "session_handovers_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;