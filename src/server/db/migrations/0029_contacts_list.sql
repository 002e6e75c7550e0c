-- The contact search's trigram indexes (below) need pg_trgm: it comes with PostgreSQL (the contrib
-- modules: postgresql-contrib on some systems) and with the embedded database (loaded in
-- db/pglite.ts). It is a trusted extension, so the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "contact_count" (
	"contacts" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
-- How many contacts there are, kept as rows to sum (docs/contacts.md): each statement that inserts
-- or deletes contacts adds its difference as a row of its own, so writers never wait on one
-- another for a shared row; foldContactCount adds the rows into one.
CREATE FUNCTION "contact_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_count" ("contacts")
  SELECT CASE WHEN TG_OP = 'DELETE' THEN -count(*)::int ELSE count(*)::int END
  FROM "changed_contacts" HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "contact_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "contact_count";
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The triggers first, then the contacts already there: creating a trigger locks users against
-- writes until this migration commits, so no contact is counted twice or missed.
CREATE TRIGGER "contact_count_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "changed_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "contact_count_changed"();--> statement-breakpoint
CREATE TRIGGER "contact_count_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "changed_contacts"
  FOR EACH STATEMENT EXECUTE FUNCTION "contact_count_changed"();--> statement-breakpoint
CREATE TRIGGER "contact_count_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "contact_count_truncated"();--> statement-breakpoint
INSERT INTO "contact_count" ("contacts") SELECT count(*)::int FROM "users";
