CREATE TABLE "person_day_changes" (
	"contact_id" uuid NOT NULL,
	"count_date" date NOT NULL,
	"figure" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_day_counts" (
	"program_id" uuid NOT NULL,
	"count_date" date NOT NULL,
	"figure" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "program_day_counts_program_id_count_date_figure_pk" PRIMARY KEY("program_id","count_date","figure")
);
--> statement-breakpoint
CREATE TABLE "program_people" (
	"contact_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	CONSTRAINT "program_people_contact_id_program_id_pk" PRIMARY KEY("contact_id","program_id")
);
--> statement-breakpoint
CREATE TABLE "program_people_changes" (
	"contact_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reply_counts_contact_idx" ON "reply_counts" USING btree ("contact_id") WHERE "reply_counts"."contact_id" is not null;--> statement-breakpoint
-- A program's opt-ins, opt-outs and replies are those of the people in its pods now
-- (shared/analytics.ts), which Analytics counted by finding each person of the range's consent log
-- and replies among the pods' members: at 10,000,000 messages, most of a year's request. They are
-- counted by program and day instead (docs/rollups.md). Writers only append: a contact's figures
-- to person_day_changes, a contact whose pods changed to program_people_changes; the fold below
-- adds them up.
CREATE FUNCTION "person_consent_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "person_day_changes" ("contact_id", "count_date", "figure", "count")
  SELECT e."contact_id", reply_count_date(e."at"), e."event",
    CASE WHEN TG_OP = 'DELETE' THEN -count(*)::int ELSE count(*)::int END
  FROM "changed_events" e
  WHERE e."event" IN ('opted_in', 'opted_out') AND e."contact_id" IS NOT NULL
  GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A contact's replies as reply_counts counts them (its triggers follow the texts, retention
-- excepted): whatever changes a count there changes the contact's.
CREATE FUNCTION "person_replies_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "person_day_changes" ("contact_id", "count_date", "figure", "count")
    SELECT n."contact_id", n."count_date", 'replies', n."replies" FROM "new_counts" n
    WHERE n."contact_id" IS NOT NULL AND n."replies" <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "person_day_changes" ("contact_id", "count_date", "figure", "count")
    SELECT k."contact_id", k."count_date", 'replies', sum(k."replies")::int
    FROM (
      SELECT n."contact_id", n."count_date", n."replies" FROM "new_counts" n
      UNION ALL
      SELECT o."contact_id", o."count_date", -o."replies" FROM "old_counts" o
    ) k
    WHERE k."contact_id" IS NOT NULL
    GROUP BY 1, 2 HAVING sum(k."replies") <> 0;
  ELSE
    INSERT INTO "person_day_changes" ("contact_id", "count_date", "figure", "count")
    SELECT o."contact_id", o."count_date", 'replies', -o."replies" FROM "old_counts" o
    WHERE o."contact_id" IS NOT NULL AND o."replies" <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A membership added, changed or removed: its contact's programs are looked at again by the fold.
CREATE FUNCTION "pod_member_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "program_people_changes" ("contact_id") SELECT DISTINCT "user_id" FROM "new_members";
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "program_people_changes" ("contact_id") SELECT DISTINCT "user_id" FROM "old_members";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A pod given to a program or taken from it (or either deleted): every member of the pod.
CREATE FUNCTION "program_pod_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "program_people_changes" ("contact_id")
  SELECT DISTINCT pm."user_id" FROM "pod_members" pm
  WHERE pm."pod_id" IN (SELECT "pod_id" FROM "changed_pods");
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Takes every pending change and adds it up, by whoever holds the fold's lock; returns how many it
-- took. One statement, so one snapshot: a person's figures it adds or takes away with a program
-- (history) are exactly those their pending changes (taken here, and added to the programs they
-- were counted in) bring up to date. Only this function writes program_people and
-- program_day_counts.
CREATE FUNCTION "program_day_counts_folded"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  WITH "changes" AS (DELETE FROM "person_day_changes" RETURNING *),
  "stale" AS (DELETE FROM "program_people_changes" RETURNING "contact_id"),
  "was" AS (
    SELECT p."program_id", p."contact_id" FROM "program_people" p
    WHERE p."contact_id" IN (SELECT "contact_id" FROM "stale")
  ),
  "now" AS (
    SELECT DISTINCT pp."program_id", pm."user_id" AS "contact_id"
    FROM "pod_members" pm JOIN "program_pods" pp ON pp."pod_id" = pm."pod_id"
    WHERE pm."status" = 'active' AND pm."user_id" IN (SELECT "contact_id" FROM "stale")
  ),
  "joined" AS (SELECT * FROM "now" EXCEPT SELECT * FROM "was"),
  "left" AS (SELECT * FROM "was" EXCEPT SELECT * FROM "now"),
  "moved" AS (SELECT "contact_id" FROM "joined" UNION SELECT "contact_id" FROM "left"),
  "history" AS (
    SELECT e."contact_id", reply_count_date(e."at") AS "count_date", e."event" AS "figure",
      count(*)::int AS "count"
    FROM "consent_events" e
    WHERE e."contact_id" IN (SELECT "contact_id" FROM "moved")
      AND e."event" IN ('opted_in', 'opted_out')
    GROUP BY 1, 2, 3
    UNION ALL
    SELECT r."contact_id", r."count_date", 'replies', r."replies" FROM "reply_counts" r
    WHERE r."contact_id" IN (SELECT "contact_id" FROM "moved")
  ),
  "deltas" AS (
    -- Read before this statement's changes: the programs each person was counted in.
    SELECT p."program_id", c."count_date", c."figure", c."count"
    FROM "changes" c JOIN "program_people" p ON p."contact_id" = c."contact_id"
    UNION ALL
    SELECT j."program_id", h."count_date", h."figure", h."count"
    FROM "joined" j JOIN "history" h ON h."contact_id" = j."contact_id"
    UNION ALL
    SELECT l."program_id", h."count_date", h."figure", -h."count"
    FROM "left" l JOIN "history" h ON h."contact_id" = l."contact_id"
  ),
  "counted" AS (
    INSERT INTO "program_day_counts" AS c ("program_id", "count_date", "figure", "count")
    SELECT "program_id", "count_date", "figure", sum("count")::int FROM "deltas"
    GROUP BY 1, 2, 3 HAVING sum("count") <> 0
    ON CONFLICT ON CONSTRAINT "program_day_counts_program_id_count_date_figure_pk"
    DO UPDATE SET "count" = c."count" + excluded."count"
  ),
  "removed" AS (
    DELETE FROM "program_people" p USING "left" l
    WHERE p."program_id" = l."program_id" AND p."contact_id" = l."contact_id"
  ),
  "added" AS (
    INSERT INTO "program_people" ("program_id", "contact_id")
    SELECT "program_id", "contact_id" FROM "joined"
  )
  SELECT (SELECT count(*) FROM "changes") + (SELECT count(*) FROM "stale") INTO taken;
  RETURN taken;
END;
$$;--> statement-breakpoint
-- The triggers first, then what is already there: creating a trigger locks its table against
-- writes until this migration commits, so nothing is counted twice or missed.
CREATE TRIGGER "person_consent_insert" AFTER INSERT ON "consent_events"
  REFERENCING NEW TABLE AS "changed_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_consent_changed"();--> statement-breakpoint
CREATE TRIGGER "person_consent_delete" AFTER DELETE ON "consent_events"
  REFERENCING OLD TABLE AS "changed_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_consent_changed"();--> statement-breakpoint
CREATE TRIGGER "person_replies_insert" AFTER INSERT ON "reply_counts"
  REFERENCING NEW TABLE AS "new_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_replies_changed"();--> statement-breakpoint
CREATE TRIGGER "person_replies_update" AFTER UPDATE ON "reply_counts"
  REFERENCING OLD TABLE AS "old_counts" NEW TABLE AS "new_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_replies_changed"();--> statement-breakpoint
CREATE TRIGGER "person_replies_delete" AFTER DELETE ON "reply_counts"
  REFERENCING OLD TABLE AS "old_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "person_replies_changed"();--> statement-breakpoint
CREATE TRIGGER "pod_member_insert" AFTER INSERT ON "pod_members"
  REFERENCING NEW TABLE AS "new_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "pod_member_changed"();--> statement-breakpoint
CREATE TRIGGER "pod_member_update" AFTER UPDATE ON "pod_members"
  REFERENCING OLD TABLE AS "old_members" NEW TABLE AS "new_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "pod_member_changed"();--> statement-breakpoint
CREATE TRIGGER "pod_member_delete" AFTER DELETE ON "pod_members"
  REFERENCING OLD TABLE AS "old_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "pod_member_changed"();--> statement-breakpoint
CREATE TRIGGER "program_pod_insert" AFTER INSERT ON "program_pods"
  REFERENCING NEW TABLE AS "changed_pods"
  FOR EACH STATEMENT EXECUTE FUNCTION "program_pod_changed"();--> statement-breakpoint
CREATE TRIGGER "program_pod_delete" AFTER DELETE ON "program_pods"
  REFERENCING OLD TABLE AS "changed_pods"
  FOR EACH STATEMENT EXECUTE FUNCTION "program_pod_changed"();--> statement-breakpoint
INSERT INTO "program_people" ("program_id", "contact_id")
SELECT DISTINCT pp."program_id", pm."user_id"
FROM "pod_members" pm JOIN "program_pods" pp ON pp."pod_id" = pm."pod_id"
WHERE pm."status" = 'active';--> statement-breakpoint
INSERT INTO "program_day_counts" ("program_id", "count_date", "figure", "count")
SELECT p."program_id", h."count_date", h."figure", sum(h."count")::int
FROM "program_people" p JOIN (
  SELECT e."contact_id", reply_count_date(e."at") AS "count_date", e."event" AS "figure",
    count(*)::int AS "count"
  FROM "consent_events" e
  WHERE e."event" IN ('opted_in', 'opted_out') AND e."contact_id" IS NOT NULL
  GROUP BY 1, 2, 3
  UNION ALL
  SELECT r."contact_id", r."count_date", 'replies', r."replies" FROM "reply_counts" r
  WHERE r."contact_id" IS NOT NULL
) h ON h."contact_id" = p."contact_id"
GROUP BY 1, 2, 3 HAVING sum(h."count") <> 0;
