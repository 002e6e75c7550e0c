CREATE TABLE "link_open_counts" (
	"count_date" date NOT NULL,
	"program_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"link_index" smallint NOT NULL,
	"url" text NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "link_open_counts_program_id_day_link_index_url_count_date_pk" PRIMARY KEY("program_id","day","link_index","url","count_date")
);
--> statement-breakpoint
CREATE TABLE "program_day_links" (
	"program_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"link_index" smallint NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "program_day_links_program_id_day_link_index_url_pk" PRIMARY KEY("program_id","day","link_index","url")
);
--> statement-breakpoint
ALTER TABLE "message_counts" DROP CONSTRAINT "message_counts_key";--> statement-breakpoint
ALTER TABLE "message_count_changes" ADD COLUMN "opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_counts" ADD COLUMN "opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "opened_on" date;--> statement-breakpoint
ALTER TABLE "link_open_counts" ADD CONSTRAINT "link_open_counts_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_day_links" ADD CONSTRAINT "program_day_links_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_counts" ADD CONSTRAINT "message_counts_key" UNIQUE NULLS NOT DISTINCT("count_date","program_id","kind","day","status","handed_over","opened","error_code","error_message");--> statement-breakpoint
-- The outbox's counts count opened messages apart (docs/rollups.md): the same triggers as 0024's,
-- with "opened" in the key.
CREATE OR REPLACE FUNCTION "message_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "message_count_changes" ("count_date", "program_id", "kind", "day", "status",
    "handed_over", "opened", "error_code", "error_message", "messages")
  SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
    m."day", m."status", m."sent_at" IS NOT NULL, m."opened", message_count_error(m."status", m."error_code"),
    message_count_error(m."status", m."error_message"), count(*)::int
  FROM "inserted_messages" m GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
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
CREATE OR REPLACE FUNCTION "message_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "message_count_changes" ("count_date", "program_id", "kind", "day", "status",
    "handed_over", "opened", "error_code", "error_message", "messages")
  SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
    m."day", m."status", m."sent_at" IS NOT NULL, m."opened", message_count_error(m."status", m."error_code"),
    message_count_error(m."status", m."error_message"), sum(m."sign")::int
  FROM (SELECT n.*, 1 AS "sign" FROM "updated_messages" n
        UNION ALL SELECT o.*, -1 FROM "previous_messages" o) m
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(m."sign") <> 0;
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
CREATE OR REPLACE FUNCTION "message_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tidings.retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "message_count_changes" ("count_date", "program_id", "kind", "day", "status",
    "handed_over", "opened", "error_code", "error_message", "messages")
  SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
    m."day", m."status", m."sent_at" IS NOT NULL, m."opened", message_count_error(m."status", m."error_code"),
    message_count_error(m."status", m."error_message"), -count(*)::int
  FROM "deleted_messages" m GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
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
-- A counted click (shared/clicks.ts) opens its link and its message. The link's first one sets its
-- opened_on, the day its message was handed over, and counts it in link_open_counts; a link already
-- opened (opened_on set) is not counted again, as the UPDATE re-reads a row another click changed.
CREATE FUNCTION "link_clicks_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "outbound_messages" m SET "opened" = true
  FROM "short_links" s
  WHERE s."code" IN (SELECT c."code" FROM "inserted_clicks" c WHERE c."counted")
    AND m."id" = s."message_id" AND NOT m."opened";
  WITH opened AS (
    UPDATE "short_links" s SET "opened_on" = (m."sent_at" AT TIME ZONE 'America/Los_Angeles')::date
    FROM "outbound_messages" m
    WHERE s."code" IN (SELECT c."code" FROM "inserted_clicks" c WHERE c."counted")
      AND s."opened_on" IS NULL AND m."id" = s."message_id" AND m."sent_at" IS NOT NULL
    RETURNING s."opened_on", s."program_id", s."day", s."link_index", s."url"
  )
  INSERT INTO "link_open_counts" AS c ("count_date", "program_id", "day", "link_index", "url", "messages")
  SELECT o."opened_on", o."program_id", o."day", o."link_index", o."url", count(*)::int
  FROM opened o WHERE o."program_id" IN (SELECT "id" FROM "programs") AND o."day" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT ("program_id", "day", "link_index", "url", "count_date")
    DO UPDATE SET "messages" = c."messages" + excluded."messages";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "link_clicks_insert" AFTER INSERT ON "link_clicks"
  REFERENCING NEW TABLE AS "inserted_clicks"
  FOR EACH STATEMENT EXECUTE FUNCTION "link_clicks_inserted"();--> statement-breakpoint
-- A program day's links, as the planner writes them (a row per recipient) kept once per position
-- and URL; an opened link deleted (a demo's removal: nothing else deletes links) counted down.
CREATE FUNCTION "short_links_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "program_day_links" ("program_id", "day", "link_index", "url")
  SELECT k.* FROM (
    SELECT DISTINCT l."program_id", l."day", l."link_index", l."url" FROM "inserted_links" l
    WHERE l."day" IS NOT NULL
  ) k
  -- Copies, not references (schema.ts): a link of a program that is gone is no program's.
  WHERE k."program_id" IN (SELECT "id" FROM "programs")
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "short_links_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "link_open_counts" c SET "messages" = c."messages" - d."messages"
  FROM (
    SELECT l."opened_on", l."program_id", l."day", l."link_index", l."url", count(*)::int AS "messages"
    FROM "deleted_links" l
    WHERE l."opened_on" IS NOT NULL AND l."program_id" IS NOT NULL AND l."day" IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
  ) d
  WHERE c."count_date" = d."opened_on" AND c."program_id" = d."program_id" AND c."day" = d."day"
    AND c."link_index" = d."link_index" AND c."url" = d."url";
  DELETE FROM "link_open_counts" c USING (SELECT DISTINCT "program_id" FROM "deleted_links") d
  WHERE c."program_id" = d."program_id" AND c."messages" = 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "short_links_insert" AFTER INSERT ON "short_links"
  REFERENCING NEW TABLE AS "inserted_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "short_links_inserted"();--> statement-breakpoint
CREATE TRIGGER "short_links_delete" AFTER DELETE ON "short_links"
  REFERENCING OLD TABLE AS "deleted_links"
  FOR EACH STATEMENT EXECUTE FUNCTION "short_links_deleted"();--> statement-breakpoint
-- What was opened before: the triggers come first (creating them locks the tables against writes
-- until this migration commits), then the links and messages opened so far are marked and counted.
-- Marking a message opened is an update of the outbox: its counts move by the trigger above.
INSERT INTO "program_day_links" ("program_id", "day", "link_index", "url")
SELECT DISTINCT l."program_id", l."day", l."link_index", l."url" FROM "short_links" l
WHERE l."program_id" IN (SELECT "id" FROM "programs") AND l."day" IS NOT NULL;--> statement-breakpoint
UPDATE "outbound_messages" m SET "opened" = true
WHERE m."id" IN (SELECT s."message_id" FROM "short_links" s
  WHERE s."code" IN (SELECT c."code" FROM "link_clicks" c WHERE c."counted"));--> statement-breakpoint
UPDATE "short_links" s SET "opened_on" = (m."sent_at" AT TIME ZONE 'America/Los_Angeles')::date
FROM "outbound_messages" m
WHERE s."code" IN (SELECT c."code" FROM "link_clicks" c WHERE c."counted")
  AND m."id" = s."message_id" AND m."sent_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "link_open_counts" ("count_date", "program_id", "day", "link_index", "url", "messages")
SELECT s."opened_on", s."program_id", s."day", s."link_index", s."url", count(*)::int
FROM "short_links" s
WHERE s."opened_on" IS NOT NULL AND s."program_id" IN (SELECT "id" FROM "programs") AND s."day" IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
