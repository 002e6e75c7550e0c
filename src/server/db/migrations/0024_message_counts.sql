CREATE TABLE "message_count_changes" (
	"count_date" date,
	"program_id" uuid,
	"kind" text NOT NULL,
	"day" integer,
	"status" text NOT NULL,
	"handed_over" boolean NOT NULL,
	"error_code" text,
	"error_message" text,
	"messages" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_counts" (
	"count_date" date,
	"program_id" uuid,
	"kind" text NOT NULL,
	"day" integer,
	"status" text NOT NULL,
	"handed_over" boolean NOT NULL,
	"error_code" text,
	"error_message" text,
	"messages" integer NOT NULL,
	CONSTRAINT "message_counts_key" UNIQUE NULLS NOT DISTINCT("count_date","program_id","kind","day","status","handed_over","error_code","error_message")
);
--> statement-breakpoint
CREATE TABLE "program_recipient_months" (
	"program_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"month" date NOT NULL,
	"days" integer NOT NULL,
	CONSTRAINT "program_recipient_months_program_id_month_contact_id_pk" PRIMARY KEY("program_id","month","contact_id")
);
--> statement-breakpoint
ALTER TABLE "program_recipient_months" ADD CONSTRAINT "program_recipient_months_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_recipient_months" ADD CONSTRAINT "program_recipient_months_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_counts_program_idx" ON "message_counts" USING btree ("program_id","day");--> statement-breakpoint
CREATE INDEX "program_recipient_months_contact_idx" ON "program_recipient_months" USING btree ("contact_id");--> statement-breakpoint
-- The Los Angeles day Analytics counts a message on (shared/analytics.ts): the day it was handed to
-- the provider, or, never handed over, the day it ended failed, undelivered or expired.
CREATE FUNCTION "message_count_date"(sent_at timestamptz, status text, updated_at timestamptz)
  RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN sent_at IS NOT NULL THEN (sent_at AT TIME ZONE 'America/Los_Angeles')::date
    WHEN status IN ('failed', 'undelivered', 'expired') THEN (updated_at AT TIME ZONE 'America/Los_Angeles')::date
  END
$$;--> statement-breakpoint
-- A failed or undelivered message's code or words; null for the others.
CREATE FUNCTION "message_count_error"(status text, error text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status IN ('failed', 'undelivered') THEN error END
$$;--> statement-breakpoint
-- The bit of a Los Angeles day in its month's mask (bit n-1 for day n).
CREATE FUNCTION "recipient_day_bit"(at timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 1 << (extract(day FROM at AT TIME ZONE 'America/Los_Angeles')::int - 1)
$$;--> statement-breakpoint
CREATE FUNCTION "recipient_month"(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT date_trunc('month', at AT TIME ZONE 'America/Los_Angeles')::date
$$;--> statement-breakpoint
-- Each statement on the outbox writes what it changed in the counts: its new rows counted up and
-- its old rows counted down, one row per key (a statement's rows share few keys). Deletes by
-- retention (`tidings.retention` set for the transaction) keep their counts: the messages go, the
-- figures stay.
CREATE FUNCTION "message_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "message_count_changes" ("count_date", "program_id", "kind", "day", "status",
    "handed_over", "error_code", "error_message", "messages")
  SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
    m."day", m."status", m."sent_at" IS NOT NULL, message_count_error(m."status", m."error_code"),
    message_count_error(m."status", m."error_message"), count(*)::int
  FROM "inserted_messages" m GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  INSERT INTO "program_recipient_months" AS r ("program_id", "contact_id", "month", "days")
  SELECT m."program_id", m."contact_id", recipient_month(m."sent_at"), bit_or(recipient_day_bit(m."sent_at"))
  FROM "inserted_messages" m
  WHERE m."sent_at" IS NOT NULL AND m."program_id" IS NOT NULL AND m."contact_id" IS NOT NULL
  GROUP BY 1, 2, 3
  ON CONFLICT ("program_id", "month", "contact_id") DO UPDATE SET "days" = r."days" | excluded."days"
    WHERE r."days" | excluded."days" <> r."days";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "message_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "message_count_changes" ("count_date", "program_id", "kind", "day", "status",
    "handed_over", "error_code", "error_message", "messages")
  SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
    m."day", m."status", m."sent_at" IS NOT NULL, message_count_error(m."status", m."error_code"),
    message_count_error(m."status", m."error_message"), sum(m."sign")::int
  FROM (SELECT n.*, 1 AS "sign" FROM "updated_messages" n
        UNION ALL SELECT o.*, -1 FROM "previous_messages" o) m
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(m."sign") <> 0;
  -- A message handed over: its contact is a recipient of its program on that day. (A contact or a
  -- program taken off a message is deleted, and its months with it.)
  INSERT INTO "program_recipient_months" AS r ("program_id", "contact_id", "month", "days")
  SELECT n."program_id", n."contact_id", recipient_month(n."sent_at"), bit_or(recipient_day_bit(n."sent_at"))
  FROM "updated_messages" n JOIN "previous_messages" o ON o."id" = n."id"
  WHERE n."sent_at" IS NOT NULL AND n."program_id" IS NOT NULL AND n."contact_id" IS NOT NULL
    AND (o."sent_at" IS DISTINCT FROM n."sent_at" OR o."program_id" IS DISTINCT FROM n."program_id"
      OR o."contact_id" IS DISTINCT FROM n."contact_id")
  GROUP BY 1, 2, 3
  ON CONFLICT ("program_id", "month", "contact_id") DO UPDATE SET "days" = r."days" | excluded."days"
    WHERE r."days" | excluded."days" <> r."days";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "message_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tidings.retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "message_count_changes" ("count_date", "program_id", "kind", "day", "status",
    "handed_over", "error_code", "error_message", "messages")
  SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
    m."day", m."status", m."sent_at" IS NOT NULL, message_count_error(m."status", m."error_code"),
    message_count_error(m."status", m."error_message"), -count(*)::int
  FROM "deleted_messages" m GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  -- The months of the deleted messages' recipients, made again from the messages left (a demo's
  -- removal; nothing else deletes messages but retention).
  UPDATE "program_recipient_months" r SET "days" = coalesce((
    SELECT bit_or(recipient_day_bit(k."sent_at")) FROM "outbound_messages" k
    WHERE k."program_id" = r."program_id" AND k."contact_id" = r."contact_id"
      AND k."sent_at" IS NOT NULL AND recipient_month(k."sent_at") = r."month"), 0)
  FROM (
    SELECT DISTINCT m."program_id", m."contact_id", recipient_month(m."sent_at") AS "month"
    FROM "deleted_messages" m
    WHERE m."sent_at" IS NOT NULL AND m."program_id" IS NOT NULL AND m."contact_id" IS NOT NULL
  ) t
  WHERE r."program_id" = t."program_id" AND r."contact_id" = t."contact_id" AND r."month" = t."month";
  DELETE FROM "program_recipient_months" r
  USING (SELECT DISTINCT "program_id", "contact_id" FROM "deleted_messages") t
  WHERE r."program_id" = t."program_id" AND r."contact_id" = t."contact_id" AND r."days" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The triggers come before the counts of the messages already there: creating them locks the
-- outbox against writes until this migration commits, so no message is counted twice or missed.
CREATE TRIGGER "message_counts_insert" AFTER INSERT ON "outbound_messages"
  REFERENCING NEW TABLE AS "inserted_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "message_counts_update" AFTER UPDATE ON "outbound_messages"
  REFERENCING OLD TABLE AS "previous_messages" NEW TABLE AS "updated_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_counts_updated"();--> statement-breakpoint
CREATE TRIGGER "message_counts_delete" AFTER DELETE ON "outbound_messages"
  REFERENCING OLD TABLE AS "deleted_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_counts_deleted"();--> statement-breakpoint
INSERT INTO "message_counts" ("count_date", "program_id", "kind", "day", "status", "handed_over",
  "error_code", "error_message", "messages")
SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
  m."day", m."status", m."sent_at" IS NOT NULL, message_count_error(m."status", m."error_code"),
  message_count_error(m."status", m."error_message"), count(*)::int
FROM "outbound_messages" m GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
INSERT INTO "program_recipient_months" ("program_id", "contact_id", "month", "days")
SELECT m."program_id", m."contact_id", recipient_month(m."sent_at"), bit_or(recipient_day_bit(m."sent_at"))
FROM "outbound_messages" m
WHERE m."sent_at" IS NOT NULL AND m."program_id" IS NOT NULL AND m."contact_id" IS NOT NULL
GROUP BY 1, 2, 3;
