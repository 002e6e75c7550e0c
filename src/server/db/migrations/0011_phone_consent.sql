CREATE TABLE "phone_consents" (
	"phone" text PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"event_id" uuid NOT NULL,
	CONSTRAINT "phone_consents_word_check" CHECK ("phone_consents"."word" in ('opted_in', 'opted_out'))
);
--> statement-breakpoint
DROP INDEX "outbound_messages_program_day_idx";--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "optins_queued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "optins_withheld" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbound_messages_program_day_phone_idx" ON "outbound_messages" USING btree ("program_id","day","to_phone");--> statement-breakpoint
CREATE INDEX "outbound_messages_optin_phone_idx" ON "outbound_messages" USING btree ("to_phone","created_at") WHERE "outbound_messages"."kind" = 'optin';--> statement-breakpoint
CREATE INDEX "outbound_messages_optin_creator_idx" ON "outbound_messages" USING btree ("created_by","created_at") WHERE "outbound_messages"."kind" = 'optin';--> statement-breakpoint
-- phone_consents follows the consent log: each opted_in or opted_out row of the phone's own (a
-- reply, the provider's report: not a staff row, which records what a save did to a contact) newer
-- than the phone's last word (by time, then id, the log's order) becomes it. A trigger, so that
-- every writer of the log (the server, the demo data, a script) keeps the two in step in its own
-- transaction.
CREATE FUNCTION "phone_consents_follow_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "phone_consents" ("phone", "word", "at", "event_id")
  VALUES (NEW."phone", NEW."event", NEW."at", NEW."id")
  ON CONFLICT ("phone") DO UPDATE
    SET "word" = excluded."word", "at" = excluded."at", "event_id" = excluded."event_id"
    WHERE ("phone_consents"."at", "phone_consents"."event_id") < (excluded."at", excluded."event_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "phone_consents_follow_log" AFTER INSERT ON "consent_events"
  FOR EACH ROW WHEN (NEW."event" IN ('opted_in', 'opted_out') AND NEW."source" <> 'staff')
  EXECUTE FUNCTION "phone_consents_follow_log"();--> statement-breakpoint
INSERT INTO "phone_consents" ("phone", "word", "at", "event_id")
SELECT DISTINCT ON ("phone") "phone", "event", "at", "id"
FROM "consent_events"
WHERE "event" IN ('opted_in', 'opted_out') AND "source" <> 'staff'
ORDER BY "phone", "at" DESC, "id" DESC;--> statement-breakpoint
-- Contacts given a number after it opted out are opted out as of the number's opt-out.
UPDATE "users" SET "sms_opted_out_at" = "phone_consents"."at"
FROM "phone_consents"
WHERE "phone_consents"."phone" = "users"."phone"
  AND "phone_consents"."word" = 'opted_out'
  AND "users"."sms_opted_out_at" IS NULL;--> statement-breakpoint
-- Opt-in requests queued before they could expire: they had DELIVERY_CUTOFF's default to go.
UPDATE "outbound_messages" SET "expires_at" = "created_at" + interval '4 hours'
WHERE "kind" = 'optin' AND "status" = 'queued' AND "expires_at" IS NULL;--> statement-breakpoint
-- Requests that ended before (sent, canceled) keep no expiry of their own: they have their end.
UPDATE "outbound_messages" SET "expires_at" = "updated_at"
WHERE "kind" = 'optin' AND "expires_at" IS NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_optin_expires_check" CHECK ("outbound_messages"."kind" <> 'optin' or "outbound_messages"."expires_at" is not null);
