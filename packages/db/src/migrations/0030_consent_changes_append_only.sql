-- The consents' history is append-only like the staff audit (ADR 041): a change once recorded is never
-- edited or removed, whoever asks. TRUNCATE stays allowed: the demo reset empties it with the customers.
CREATE FUNCTION "consent_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'consent_changes is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "consent_changes_no_update_or_delete" BEFORE UPDATE OR DELETE ON "consent_changes"
	FOR EACH ROW EXECUTE FUNCTION "consent_changes_append_only"();
