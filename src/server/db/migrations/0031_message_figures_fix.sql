-- The sums of migration 0030 missed a statement that changes what a day's messages are but not how
-- many there are: a fold that moves one message from sent to delivered, say, when both counts are
-- already there (the day's number of messages is the same after it, so it was skipped). Each
-- figure now counts: a day's row changes when any of its sums does. No fold changes message_counts
-- while the sums are made again.
LOCK TABLE "message_counts" IN EXCLUSIVE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows with their sign: a transition table only this trigger's queries see.
  signed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS "sign" FROM "new_counts"'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS "sign" FROM "old_counts"'
    ELSE 'SELECT *, 1 AS "sign" FROM "new_counts" UNION ALL SELECT *, -1 FROM "old_counts"' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO "message_day_figures" AS f ("count_date", "program_id", "kind", "day", "messages",
      "handed_over", "delivered", "failed", "expired", "status_sent", "opened", "opened_delivered",
      "opened_sent")
    SELECT * FROM (
      SELECT "count_date", "program_id", "kind", "day",
        sum("sign" * "messages")::int AS "messages",
        coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over"), 0)::int,
        coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "status" = 'delivered'), 0)::int,
        coalesce(sum("sign" * "messages") FILTER (WHERE "status" IN ('failed', 'undelivered')), 0)::int,
        coalesce(sum("sign" * "messages") FILTER (WHERE "status" = 'expired'), 0)::int,
        coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "status" = 'sent'), 0)::int,
        coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "opened"), 0)::int,
        coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "opened" AND "status" = 'delivered'), 0)::int,
        coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "opened" AND "status" = 'sent'), 0)::int
      FROM (%1$s) m GROUP BY 1, 2, 3, 4
    ) s ("count_date", "program_id", "kind", "day", "messages", "handed_over", "delivered", "failed", "expired", "status_sent", "opened", "opened_delivered", "opened_sent")
    WHERE ("messages", "handed_over", "delivered", "failed", "expired", "status_sent", "opened", "opened_delivered", "opened_sent") <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
    ON CONFLICT ON CONSTRAINT "message_day_figures_key" DO UPDATE SET
      "messages" = f."messages" + excluded."messages",
      "handed_over" = f."handed_over" + excluded."handed_over",
      "delivered" = f."delivered" + excluded."delivered",
      "failed" = f."failed" + excluded."failed",
      "expired" = f."expired" + excluded."expired",
      "status_sent" = f."status_sent" + excluded."status_sent",
      "opened" = f."opened" + excluded."opened",
      "opened_delivered" = f."opened_delivered" + excluded."opened_delivered",
      "opened_sent" = f."opened_sent" + excluded."opened_sent";
    INSERT INTO "message_failure_counts" AS f ("count_date", "program_id", "error_code", "error_message", "messages")
    SELECT "count_date", "program_id", "error_code", "error_message", sum("sign" * "messages")::int
    FROM (%1$s) m WHERE "status" IN ('failed', 'undelivered')
    GROUP BY 1, 2, 3, 4 HAVING sum("sign" * "messages") <> 0
    ON CONFLICT ON CONSTRAINT "message_failure_counts_key" DO UPDATE SET
      "messages" = f."messages" + excluded."messages"
  $q$, signed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The sums made again by the trigger itself, from the counts written again (TRUNCATE fires no
-- delete trigger).
TRUNCATE "message_day_figures", "message_failure_counts";--> statement-breakpoint
CREATE TEMPORARY TABLE "message_counts_copy" AS SELECT * FROM "message_counts";--> statement-breakpoint
TRUNCATE "message_counts";--> statement-breakpoint
INSERT INTO "message_counts" SELECT * FROM "message_counts_copy";--> statement-breakpoint
DROP TABLE "message_counts_copy";