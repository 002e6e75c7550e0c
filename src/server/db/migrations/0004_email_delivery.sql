ALTER TABLE "outbound_emails" DROP CONSTRAINT "outbound_emails_kind_check";--> statement-breakpoint
ALTER TABLE "outbound_emails" DROP CONSTRAINT "outbound_emails_status_check";--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbound_emails_status_next_attempt_idx" ON "outbound_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_kind_check" CHECK ("outbound_emails"."kind" in ('welcome', 'password_reset'));--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_status_check" CHECK ("outbound_emails"."status" in ('queued', 'sending', 'sent', 'failed'));