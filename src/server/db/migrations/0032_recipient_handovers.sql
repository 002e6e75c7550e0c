-- Handing messages over no longer adds to the recipients' days in the same statement (migration
-- 0028 did, and it was most of the statement: it locked each recipient and read their months). The
-- outbox's triggers append each handover to recipient_handovers; the fold adds them, with the
-- other counts, and Analytics folds them before it counts recipients (docs/rollups.md).
CREATE TABLE "recipient_handovers" (
	"program_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"sent_on" date NOT NULL
);
--> statement-breakpoint
-- Handovers taken from recipient_handovers, added to their recipients' days (recipient_days_added).
-- Their programs and contacts are locked against deletion first, in one order; a handover whose
-- program or contact was deleted since is left out, as the months of either went with it.
CREATE FUNCTION "recipient_handovers_added"(program_ids uuid[], contact_ids uuid[], sent_ons date[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM FROM "programs" p WHERE p."id" = ANY(program_ids) ORDER BY p."id" FOR KEY SHARE;
  PERFORM FROM "users" u WHERE u."id" = ANY(contact_ids) ORDER BY u."id" FOR KEY SHARE;
  SELECT array_agg(t.p), array_agg(t.c), array_agg(t.d) INTO program_ids, contact_ids, sent_ons
  FROM (SELECT DISTINCT p, c, d FROM unnest(program_ids, contact_ids, sent_ons) AS h(p, c, d)) t
  WHERE EXISTS (SELECT FROM "programs" p WHERE p."id" = t.p)
    AND EXISTS (SELECT FROM "users" u WHERE u."id" = t.c);
  IF program_ids IS NOT NULL THEN
    PERFORM recipient_days_added(program_ids, contact_ids, sent_ons);
  END IF;
END;
$$;--> statement-breakpoint
-- Every pending handover, taken and added to its recipient's days, by whoever holds the fold's
-- lock. Returns how many it took.
CREATE FUNCTION "recipient_days_folded"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  program_ids uuid[];
  contact_ids uuid[];
  sent_ons date[];
  taken integer;
BEGIN
  WITH "moved" AS (DELETE FROM "recipient_handovers" RETURNING *)
  SELECT array_agg("program_id"), array_agg("contact_id"), array_agg("sent_on"), count(*)::int
  INTO program_ids, contact_ids, sent_ons, taken FROM "moved";
  IF taken > 0 THEN
    PERFORM recipient_handovers_added(program_ids, contact_ids, sent_ons);
  END IF;
  RETURN taken;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "message_count_changes" ("count_date", "program_id", "kind", "day", "status",
    "handed_over", "opened", "error_code", "error_message", "messages")
  SELECT message_count_date(m."sent_at", m."status", m."updated_at"), m."program_id", m."kind",
    m."day", m."status", m."sent_at" IS NOT NULL, m."opened", message_count_error(m."status", m."error_code"),
    message_count_error(m."status", m."error_message"), count(*)::int
  FROM "inserted_messages" m GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;
  INSERT INTO "recipient_handovers" ("program_id", "contact_id", "sent_on")
  SELECT m."program_id", m."contact_id", (m."sent_at" AT TIME ZONE 'America/Los_Angeles')::date
  FROM "inserted_messages" m
  WHERE m."sent_at" IS NOT NULL AND m."program_id" IS NOT NULL AND m."contact_id" IS NOT NULL;
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
  INSERT INTO "recipient_handovers" ("program_id", "contact_id", "sent_on")
  SELECT n."program_id", n."contact_id", (n."sent_at" AT TIME ZONE 'America/Los_Angeles')::date
  FROM "updated_messages" n JOIN "previous_messages" o ON o."id" = n."id"
  WHERE n."sent_at" IS NOT NULL AND n."program_id" IS NOT NULL AND n."contact_id" IS NOT NULL
    AND (o."sent_at" IS DISTINCT FROM n."sent_at" OR o."program_id" IS DISTINCT FROM n."program_id"
      OR o."contact_id" IS DISTINCT FROM n."contact_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  program_ids uuid[];
  contact_ids uuid[];
  sent_ons date[];
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
  -- Their recipients' pending handovers are added to their days first, as the handovers were
  -- before migration 0032 (a deleted message's handover must not be added after its months are
  -- made again without it).
  WITH "taken" AS (
    DELETE FROM "recipient_handovers" h
    USING (SELECT DISTINCT m."program_id", m."contact_id" FROM "deleted_messages" m) t
    WHERE h."program_id" = t."program_id" AND h."contact_id" = t."contact_id"
    RETURNING h."program_id", h."contact_id", h."sent_on"
  )
  SELECT array_agg("program_id"), array_agg("contact_id"), array_agg("sent_on")
  INTO program_ids, contact_ids, sent_ons FROM "taken";
  IF program_ids IS NOT NULL THEN
    PERFORM recipient_handovers_added(program_ids, contact_ids, sent_ons);
  END IF;
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
$$;
