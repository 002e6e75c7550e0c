CREATE TABLE "reply_counts" (
	"count_date" date NOT NULL,
	"contact_id" uuid,
	"replies" integer NOT NULL,
	CONSTRAINT "reply_counts_key" UNIQUE NULLS NOT DISTINCT("count_date","contact_id")
);
--> statement-breakpoint
CREATE INDEX "consent_events_inbound_message_idx" ON "consent_events" USING btree ("inbound_message_id") WHERE "consent_events"."inbound_message_id" is not null;--> statement-breakpoint
CREATE INDEX "consent_events_outbound_message_idx" ON "consent_events" USING btree ("outbound_message_id") WHERE "consent_events"."outbound_message_id" is not null;--> statement-breakpoint
-- The outbox's events, partitioned by month of "at" (docs/retention.md): retention drops a month
-- whole instead of deleting its rows one by one. The old table makes way, its rows are copied into
-- the new one, and it goes; the webhook trigger comes back after the copy, so that no event of the
-- past is announced again.
ALTER TABLE "outbound_message_events" RENAME TO "outbound_message_events_before_0026";--> statement-breakpoint
ALTER INDEX "outbound_message_events_message_idx" RENAME TO "outbound_message_events_before_0026_message_idx";--> statement-breakpoint
CREATE TABLE "outbound_message_events" (
	"id" uuid DEFAULT uuid_v7() NOT NULL,
	"message_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "outbound_message_events_id_at_pk" PRIMARY KEY("id","at"),
	CONSTRAINT "outbound_message_events_status_check" CHECK ("outbound_message_events"."status" in ('queued', 'sending', 'unknown', 'sent', 'delivered', 'undelivered', 'failed', 'expired', 'canceled', 'skipped')),
	CONSTRAINT "outbound_message_events_source_check" CHECK ("outbound_message_events"."source" in ('planner', 'dispatcher', 'provider', 'staff', 'system'))
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "outbound_message_events_message_idx" ON "outbound_message_events" USING btree ("message_id","at");--> statement-breakpoint
-- Events of a month no partition holds yet (a clock far ahead, a history written into the past)
-- land here; a month's partition made later takes its rows out of it.
CREATE TABLE "outbound_message_events_default" PARTITION OF "outbound_message_events" DEFAULT;--> statement-breakpoint
-- The partition of the month that starts on first_day (UTC months, named _YYYY_MM), made if it is
-- missing; true if it was. One maker at a time (an advisory lock for the transaction). Made as a
-- table of its own, filled with the month's rows from the default partition, then attached: a
-- plain PARTITION OF would fail on them. Attaching gives it the parent's indexes and triggers.
CREATE FUNCTION "outbound_message_events_partition"(first_day date) RETURNS boolean
  LANGUAGE plpgsql AS $$
DECLARE
  name text := 'outbound_message_events_' || to_char(first_day, 'YYYY_MM');
  low timestamptz := date_trunc('month', first_day::timestamp) AT TIME ZONE 'UTC';
  high timestamptz := (date_trunc('month', first_day::timestamp) + interval '1 month') AT TIME ZONE 'UTC';
BEGIN
  PERFORM pg_advisory_xact_lock(8410226);
  IF to_regclass(quote_ident(name)) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE "outbound_message_events" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
  EXECUTE format('WITH moved AS (DELETE FROM "outbound_message_events_default" WHERE "at" >= $1 AND "at" < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved', name)
    USING low, high;
  EXECUTE format('ALTER TABLE "outbound_message_events" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, low, high);
  RETURN true;
END;
$$;--> statement-breakpoint
-- The months of the events there are (no further back than retention's longest default, 400
-- days: older ones wait in the default partition for retention), to two months ahead.
SELECT "outbound_message_events_partition"(month::date)
FROM generate_series(
  date_trunc('month', greatest(
    least(coalesce((SELECT min("at") FROM "outbound_message_events_before_0026"), now()), now()),
    now() - interval '400 days') AT TIME ZONE 'UTC'),
  date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months',
  interval '1 month') AS month;--> statement-breakpoint
INSERT INTO "outbound_message_events" ("id", "message_id", "status", "source", "error_code", "error_message", "at", "demo")
SELECT "id", "message_id", "status", "source", "error_code", "error_message", "at", "demo"
FROM "outbound_message_events_before_0026";--> statement-breakpoint
DROP TABLE "outbound_message_events_before_0026";--> statement-breakpoint
CREATE TRIGGER "webhook_message_event" AFTER INSERT ON "outbound_message_events"
  FOR EACH ROW WHEN (NEW."status" IN ('sent', 'delivered', 'failed', 'undelivered') AND NOT NEW."demo")
  EXECUTE FUNCTION "webhook_message_event"();--> statement-breakpoint
-- Replies counted by Los Angeles day and contact (docs/rollups.md), in step with inbound_messages:
-- each statement's new rows counted up and old rows down, one row per key; retention's deletes
-- (`tidings.retention` set for the transaction) keep their counts.
CREATE FUNCTION "reply_count_date"(received_at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (received_at AT TIME ZONE 'America/Los_Angeles')::date
$$;--> statement-breakpoint
CREATE FUNCTION "reply_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reply_counts" AS c ("count_date", "contact_id", "replies")
  SELECT reply_count_date(n."received_at"), n."contact_id", count(*)::int
  FROM "inserted_replies" n GROUP BY 1, 2
  ON CONFLICT ON CONSTRAINT "reply_counts_key" DO UPDATE SET "replies" = c."replies" + excluded."replies";
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A contact linked to a reply, or unlinked (its contact deleted): the count moves with it.
CREATE FUNCTION "reply_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reply_counts" AS c ("count_date", "contact_id", "replies")
  SELECT k."count_date", k."contact_id", sum(k."sign")::int
  FROM (
    SELECT reply_count_date(n."received_at") AS "count_date", n."contact_id", 1 AS "sign"
    FROM "updated_replies" n
    UNION ALL
    SELECT reply_count_date(o."received_at"), o."contact_id", -1 FROM "previous_replies" o
  ) k
  GROUP BY 1, 2 HAVING sum(k."sign") <> 0
  ON CONFLICT ON CONSTRAINT "reply_counts_key" DO UPDATE SET "replies" = c."replies" + excluded."replies";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "reply_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tidings.retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "reply_counts" AS c ("count_date", "contact_id", "replies")
  SELECT reply_count_date(o."received_at"), o."contact_id", -count(*)::int
  FROM "deleted_replies" o GROUP BY 1, 2
  ON CONFLICT ON CONSTRAINT "reply_counts_key" DO UPDATE SET "replies" = c."replies" + excluded."replies";
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- As with the outbox's counts: the triggers first, then the replies already there.
CREATE TRIGGER "reply_counts_insert" AFTER INSERT ON "inbound_messages"
  REFERENCING NEW TABLE AS "inserted_replies"
  FOR EACH STATEMENT EXECUTE FUNCTION "reply_counts_inserted"();--> statement-breakpoint
CREATE TRIGGER "reply_counts_update" AFTER UPDATE ON "inbound_messages"
  REFERENCING OLD TABLE AS "previous_replies" NEW TABLE AS "updated_replies"
  FOR EACH STATEMENT EXECUTE FUNCTION "reply_counts_updated"();--> statement-breakpoint
CREATE TRIGGER "reply_counts_delete" AFTER DELETE ON "inbound_messages"
  REFERENCING OLD TABLE AS "deleted_replies"
  FOR EACH STATEMENT EXECUTE FUNCTION "reply_counts_deleted"();--> statement-breakpoint
INSERT INTO "reply_counts" ("count_date", "contact_id", "replies")
SELECT reply_count_date("received_at"), "contact_id", count(*)::int
FROM "inbound_messages" GROUP BY 1, 2;
