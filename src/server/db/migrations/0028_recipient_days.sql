-- No recipient's days change while their counts are made: writers of the months wait for this
-- migration to commit, and then run the functions it makes.
LOCK TABLE "program_recipient_months" IN EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "day_count_changes" (
	"count_date" date NOT NULL,
	"figure" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "day_counts" (
	"count_date" date NOT NULL,
	"figure" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "day_counts_count_date_figure_pk" PRIMARY KEY("count_date","figure")
);
--> statement-breakpoint
CREATE TABLE "program_recipients" (
	"program_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "program_recipients_program_id_contact_id_pk" PRIMARY KEY("program_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "recipient_day_changes" (
	"program_id" uuid NOT NULL,
	"sent_on" date NOT NULL,
	"previous_on" date,
	"recipients" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_day_counts" (
	"program_id" uuid NOT NULL,
	"sent_on" date NOT NULL,
	"previous_on" date,
	"recipients" integer NOT NULL,
	CONSTRAINT "recipient_day_counts_key" UNIQUE NULLS NOT DISTINCT("program_id","sent_on","previous_on")
);
--> statement-breakpoint
DROP INDEX "program_recipient_months_contact_idx";--> statement-breakpoint
ALTER TABLE "program_recipients" ADD CONSTRAINT "program_recipients_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_recipients" ADD CONSTRAINT "program_recipients_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_recipients_contact_idx" ON "program_recipients" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "program_recipient_months_contact_idx" ON "program_recipient_months" USING btree ("contact_id","program_id","month");--> statement-breakpoint
-- The first and the last day (1 to 31) of a month's mask of days.
CREATE FUNCTION "recipient_first_day"(days integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT length(ltrim((days & -days)::bit(32)::text, '0'))
$$;--> statement-breakpoint
CREATE FUNCTION "recipient_last_day"(days integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT length(ltrim(days::bit(32)::text, '0'))
$$;--> statement-breakpoint
-- Every day of the given recipients' months as their pairs (docs/rollups.md) counted up (direction 1) or
-- down (-1): each day with the day before it, null for the first. For the rare changes that make
-- a recipient's days again (the demo's removal), and for the months already there below.
CREATE FUNCTION "recipient_days_counted"(program_ids uuid[], contact_ids uuid[], direction integer)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO "recipient_day_changes" ("program_id", "sent_on", "previous_on", "recipients")
  SELECT "program_id", "sent_on", "previous_on", direction * count(*)::int FROM (
    SELECT m."program_id", m."month" + n - 1 AS "sent_on",
      lag(m."month" + n - 1) OVER (PARTITION BY m."program_id", m."contact_id" ORDER BY m."month", n) AS "previous_on"
    FROM "program_recipient_months" m
    JOIN (SELECT DISTINCT p, c FROM unnest(program_ids, contact_ids) AS t(p, c)) t
      ON m."program_id" = t.p AND m."contact_id" = t.c
    CROSS JOIN generate_series(1, 31) AS n
    WHERE m."days" & (1 << (n - 1)) <> 0
  ) d GROUP BY 1, 2, 3;
$$;--> statement-breakpoint
-- Recipients handed messages on Los Angeles days (one entry per message): each day new to its
-- recipient set in their months, and their day counts changed by the day's pairs, from the days
-- the recipient had before. The recipient's row in program_recipients is locked first (in one
-- order, so two statements cannot wait on each other), so a second statement handing over to the
-- same recipient reads the days this one wrote, after it commits.
CREATE FUNCTION "recipient_days_added"(program_ids uuid[], contact_ids uuid[], sent_ons date[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "program_recipients" ("program_id", "contact_id")
  SELECT DISTINCT p, c FROM unnest(program_ids, contact_ids) AS t(p, c) ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  PERFORM FROM "program_recipients" r
  WHERE (r."program_id", r."contact_id") IN (SELECT p, c FROM unnest(program_ids, contact_ids) AS t(p, c))
  ORDER BY r."program_id", r."contact_id" FOR UPDATE;
  INSERT INTO "recipient_day_changes" ("program_id", "sent_on", "previous_on", "recipients")
  WITH "given" AS (
    SELECT DISTINCT p AS "program_id", c AS "contact_id", d AS "sent_on",
      date_trunc('month', d)::date AS "month", extract(day FROM d)::int AS "n"
    FROM unnest(program_ids, contact_ids, sent_ons) AS t(p, c, d)
  ),
  -- The days new to their recipient, with the recipient's days just before and after each.
  "added" AS (
    SELECT g."program_id", g."contact_id", g."sent_on",
      (SELECT m."month" + recipient_last_day(b.days) - 1
        FROM "program_recipient_months" m, LATERAL (SELECT CASE WHEN m."month" = g."month"
          THEN m."days" & ((1 << (g."n" - 1)) - 1) ELSE m."days" END) AS b(days)
        WHERE m."program_id" = g."program_id" AND m."contact_id" = g."contact_id"
          AND m."month" <= g."month" AND b.days <> 0
        ORDER BY m."month" DESC LIMIT 1) AS "before",
      (SELECT m."month" + recipient_first_day(a.days) - 1
        FROM "program_recipient_months" m, LATERAL (SELECT CASE WHEN m."month" = g."month"
          THEN (m."days" >> g."n") << g."n" ELSE m."days" END) AS a(days)
        WHERE m."program_id" = g."program_id" AND m."contact_id" = g."contact_id"
          AND m."month" >= g."month" AND a.days <> 0
        ORDER BY m."month" LIMIT 1) AS "after"
    FROM "given" g
    WHERE NOT EXISTS (SELECT FROM "program_recipient_months" m
      WHERE m."program_id" = g."program_id" AND m."contact_id" = g."contact_id"
        AND m."month" = g."month" AND m."days" & (1 << (g."n" - 1)) <> 0)
  ),
  -- The new days and the old days beside them, in order: a pair with a new day in it is new.
  "marks" AS (
    SELECT "program_id", "contact_id", "sent_on" AS "on", true AS "new" FROM "added"
    UNION SELECT "program_id", "contact_id", "before", false FROM "added" WHERE "before" IS NOT NULL
    UNION SELECT "program_id", "contact_id", "after", false FROM "added" WHERE "after" IS NOT NULL
  ),
  "ordered" AS (
    SELECT "program_id", "on", "new",
      lag("on") OVER w AS "previous_on", lag("new") OVER w AS "previous_new"
    FROM "marks" WINDOW w AS (PARTITION BY "program_id", "contact_id" ORDER BY "on")
  ),
  -- An old pair with a new day between its two days is gone.
  "pairs" AS (
    SELECT "program_id", "on" AS "sent_on", "previous_on", 1 AS "sign" FROM "ordered"
    WHERE "new" OR "previous_new"
    UNION ALL
    SELECT "program_id", "after", "before", -1 FROM (
      SELECT DISTINCT "program_id", "contact_id", "after", "before" FROM "added" WHERE "after" IS NOT NULL
    ) gone
  )
  SELECT "program_id", "sent_on", "previous_on", sum("sign")::int FROM "pairs"
  GROUP BY 1, 2, 3 HAVING sum("sign") <> 0;
  INSERT INTO "program_recipient_months" AS r ("program_id", "contact_id", "month", "days")
  SELECT p, c, date_trunc('month', d)::date, bit_or(1 << (extract(day FROM d)::int - 1))
  FROM unnest(program_ids, contact_ids, sent_ons) AS t(p, c, d)
  GROUP BY 1, 2, 3
  ON CONFLICT ("program_id", "month", "contact_id") DO UPDATE SET "days" = r."days" | excluded."days"
    WHERE r."days" | excluded."days" <> r."days";
END;
$$;--> statement-breakpoint
-- Months deleted with their contact or program: their pairs counted down (a recipient's months go
-- together; months emptied by the demo's removal have no days left to count).
CREATE FUNCTION "program_recipient_months_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "recipient_day_changes" ("program_id", "sent_on", "previous_on", "recipients")
  SELECT "program_id", "sent_on", "previous_on", -count(*)::int FROM (
    SELECT m."program_id", m."month" + n - 1 AS "sent_on",
      lag(m."month" + n - 1) OVER (PARTITION BY m."program_id", m."contact_id" ORDER BY m."month", n) AS "previous_on"
    FROM "deleted_months" m CROSS JOIN generate_series(1, 31) AS n
    WHERE m."days" & (1 << (n - 1)) <> 0
  ) d GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "program_recipient_months_delete" AFTER DELETE ON "program_recipient_months"
  REFERENCING OLD TABLE AS "deleted_months"
  FOR EACH STATEMENT EXECUTE FUNCTION "program_recipient_months_deleted"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "message_count_changes" ("count_date", "program_id", "kind", "day", "status",
    "handed_over", "opened", "error_code", "error_message", "messages")
  SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
    m."day", m."status", m."sent_at" IS NOT NULL, m."opened", message_count_error(m."status", m."error_code"),
    message_count_error(m."status", m."error_message"), count(*)::int
  FROM "inserted_messages" m GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  PERFORM recipient_days_added(array_agg(m."program_id"), array_agg(m."contact_id"),
    array_agg((m."sent_at" AT TIME ZONE 'America/Los_Angeles')::date))
  FROM "inserted_messages" m
  WHERE m."sent_at" IS NOT NULL AND m."program_id" IS NOT NULL AND m."contact_id" IS NOT NULL
  HAVING count(*) > 0;
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
  PERFORM recipient_days_added(array_agg(n."program_id"), array_agg(n."contact_id"),
    array_agg((n."sent_at" AT TIME ZONE 'America/Los_Angeles')::date))
  FROM "updated_messages" n JOIN "previous_messages" o ON o."id" = n."id"
  WHERE n."sent_at" IS NOT NULL AND n."program_id" IS NOT NULL AND n."contact_id" IS NOT NULL
    AND (o."sent_at" IS DISTINCT FROM n."sent_at" OR o."program_id" IS DISTINCT FROM n."program_id"
      OR o."contact_id" IS DISTINCT FROM n."contact_id")
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  program_ids uuid[];
  contact_ids uuid[];
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
  -- removal; nothing else deletes messages but retention), their day counts with them.
  SELECT array_agg(t."program_id"), array_agg(t."contact_id") INTO program_ids, contact_ids
  FROM (SELECT DISTINCT m."program_id", m."contact_id" FROM "deleted_messages" m
    WHERE m."sent_at" IS NOT NULL AND m."program_id" IS NOT NULL AND m."contact_id" IS NOT NULL) t;
  IF program_ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM recipient_days_counted(program_ids, contact_ids, -1);
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
  PERFORM recipient_days_counted(program_ids, contact_ids, 1);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The recipients and their day counts of the months already there (as changes, which the next
-- fold adds in).
INSERT INTO "program_recipients" ("program_id", "contact_id")
SELECT DISTINCT "program_id", "contact_id" FROM "program_recipient_months";--> statement-breakpoint
SELECT recipient_days_counted(array_agg("program_id"), array_agg("contact_id"), 1)
FROM "program_recipients";
--> statement-breakpoint
-- Everyone's opt-ins, opt-outs and replies by Los Angeles day (docs/rollups.md): each statement's
-- difference written to day_count_changes, which are folded into day_counts with the outbox's.
-- The consent log only grows (but for the demo's own rows, which its removal deletes).
CREATE FUNCTION "consent_day_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "day_count_changes" ("count_date", "figure", "count")
  SELECT reply_count_date(e."at"), e."event",
    CASE WHEN TG_OP = 'DELETE' THEN -count(*)::int ELSE count(*)::int END
  FROM "changed_events" e WHERE e."event" IN ('opted_in', 'opted_out') GROUP BY 1, 2;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Retention's deletes (`tidings.retention` set) keep what they counted, as for reply_counts.
CREATE FUNCTION "reply_day_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('tidings.retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "day_count_changes" ("count_date", "figure", "count")
  SELECT reply_count_date(r."received_at"), 'replies',
    CASE WHEN TG_OP = 'DELETE' THEN -count(*)::int ELSE count(*)::int END
  FROM "changed_replies" r GROUP BY 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The triggers first, then what is already there: creating a trigger locks its table against
-- writes until this migration commits, so nothing is counted twice or missed.
CREATE TRIGGER "consent_day_counts_insert" AFTER INSERT ON "consent_events"
  REFERENCING NEW TABLE AS "changed_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "consent_day_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "consent_day_counts_delete" AFTER DELETE ON "consent_events"
  REFERENCING OLD TABLE AS "changed_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "consent_day_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "reply_day_counts_insert" AFTER INSERT ON "inbound_messages"
  REFERENCING NEW TABLE AS "changed_replies"
  FOR EACH STATEMENT EXECUTE FUNCTION "reply_day_counts_changed"();--> statement-breakpoint
CREATE TRIGGER "reply_day_counts_delete" AFTER DELETE ON "inbound_messages"
  REFERENCING OLD TABLE AS "changed_replies"
  FOR EACH STATEMENT EXECUTE FUNCTION "reply_day_counts_changed"();--> statement-breakpoint
INSERT INTO "day_counts" ("count_date", "figure", "count")
SELECT reply_count_date("at"), "event", count(*)::int FROM "consent_events"
WHERE "event" IN ('opted_in', 'opted_out') GROUP BY 1, 2;--> statement-breakpoint
-- The replies as reply_counts counted them: retention may have deleted some texts since.
INSERT INTO "day_counts" ("count_date", "figure", "count")
SELECT "count_date", 'replies', sum("replies")::int FROM "reply_counts"
GROUP BY 1 HAVING sum("replies") <> 0;
