CREATE TABLE "outbound_message_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"error_code" text,
	"error_message" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_message_events_status_check" CHECK ("outbound_message_events"."status" in ('queued', 'sending', 'unknown', 'sent', 'delivered', 'undelivered', 'failed', 'expired', 'canceled', 'skipped')),
	CONSTRAINT "outbound_message_events_source_check" CHECK ("outbound_message_events"."source" in ('planner', 'dispatcher', 'provider', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "sms_sender_pacing" (
	"sender" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP CONSTRAINT "outbound_messages_status_check";--> statement-breakpoint
DROP INDEX "outbound_messages_contact_idx";--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "segments" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "error_message" text;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "resumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_message_events" ADD CONSTRAINT "outbound_message_events_message_id_outbound_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_message_events_message_idx" ON "outbound_message_events" USING btree ("message_id","at");--> statement-breakpoint
CREATE INDEX "outbound_messages_program_day_idx" ON "outbound_messages" USING btree ("program_id","day");--> statement-breakpoint
CREATE INDEX "outbound_messages_created_at_idx" ON "outbound_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbound_messages_provider_id_idx" ON "outbound_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "outbound_messages_contact_idx" ON "outbound_messages" USING btree ("contact_id","created_at");--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_segments_check" CHECK ("outbound_messages"."segments" >= 0);--> statement-breakpoint
-- The old spelling of the canceled status, before the constraint that no longer allows it.
UPDATE "outbound_messages" SET "status" = 'canceled' WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "outbound_messages" SET "error_message" = "last_error" WHERE "last_error" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_status_check" CHECK ("outbound_messages"."status" in ('queued', 'sending', 'unknown', 'sent', 'delivered', 'undelivered', 'failed', 'expired', 'canceled', 'skipped'));--> statement-breakpoint
ALTER TABLE "outbound_messages" DROP COLUMN "last_error";
