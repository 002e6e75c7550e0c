ALTER TABLE "consent_events" DROP CONSTRAINT "consent_events_event_check";--> statement-breakpoint
ALTER TABLE "consent_events" DROP CONSTRAINT "consent_events_source_check";--> statement-breakpoint
ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_intent_check";--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_kind_check";--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "review_decision" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
-- Replies received before the inbox that Tidings answered itself (JOIN, STOP, HELP) are handled;
-- free text stays new, for staff to read.
UPDATE "inbound_messages" SET "state" = 'handled', "handled_at" = "received_at" WHERE "intent" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "send_window_latest" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "priority" smallint GENERATED ALWAYS AS (case when kind in ('confirmation', 'reply', 'staff', 'test') then 0 else 1 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_new_idx" ON "inbound_messages" USING btree ("received_at") WHERE "inbound_messages"."state" = 'new';--> statement-breakpoint
CREATE INDEX "inbound_messages_assignee_idx" ON "inbound_messages" USING btree ("assignee_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_review_pending_idx" ON "inbound_messages" USING btree ("from_phone") WHERE "inbound_messages"."intent" = 'review' and "inbound_messages"."review_decision" is null;--> statement-breakpoint
CREATE INDEX "outbound_messages_claim_idx" ON "outbound_messages" USING btree ("priority","send_after") WHERE "outbound_messages"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_review_staff_check" CHECK ("consent_events"."source" <> 'review' or "consent_events"."staff_user_id" is not null);--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_event_check" CHECK ("consent_events"."event" in ('optin_requested', 'opted_in', 'opted_out', 'verified', 'unverified', 'review_held', 'review_cleared'));--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_source_check" CHECK ("consent_events"."source" in ('keyword', 'staff', 'provider', 'simulated', 'review'));--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_state_check" CHECK ("inbound_messages"."state" in ('new', 'handled'));--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_review_decision_check" CHECK ("inbound_messages"."review_decision" in ('optout', 'not_optout'));--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_reviewed_by_check" CHECK ("inbound_messages"."review_decision" is null or "inbound_messages"."reviewed_by" is not null);--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_intent_check" CHECK ("inbound_messages"."intent" in ('optin', 'optout', 'help', 'review'));--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_kind_check" CHECK ("outbound_messages"."kind" in ('optin', 'program', 'confirmation', 'reply', 'staff', 'test'));