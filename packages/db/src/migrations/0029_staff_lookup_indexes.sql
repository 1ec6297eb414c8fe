CREATE INDEX "jobs_to_idx" ON "jobs" USING btree (("payload"->>'to'));--> statement-breakpoint
CREATE INDEX "jobs_device_idx" ON "jobs" USING btree ((("payload"->>'deviceId')::bigint)) WHERE "jobs"."kind" = 'push';--> statement-breakpoint
CREATE INDEX "readings_self_unvalidated_idx" ON "readings" USING btree ("supply_id") WHERE "readings"."source" = 'self' and "readings"."status" <> 'validated';--> statement-breakpoint
CREATE INDEX "requests_open_idx" ON "requests" USING btree ("created_date") WHERE "requests"."status" in ('Aperto', 'InLavorazione');--> statement-breakpoint
CREATE INDEX "complaints_unanswered_idx" ON "complaints" USING btree ("filed_at") WHERE "complaints"."answered_at" is null;