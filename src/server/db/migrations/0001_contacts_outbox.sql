CREATE TABLE "outbound_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"to_email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbound_emails_kind_check" CHECK ("outbound_emails"."kind" in ('welcome')),
	CONSTRAINT "outbound_emails_status_check" CHECK ("outbound_emails"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "outbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"contact_id" uuid,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"media_url" text,
	"program_id" uuid,
	"day" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"provider_message_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_messages_kind_check" CHECK ("outbound_messages"."kind" in ('optin', 'program', 'confirmation', 'reply', 'test')),
	CONSTRAINT "outbound_messages_status_check" CHECK ("outbound_messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_emails_status_created_idx" ON "outbound_emails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbound_emails_user_idx" ON "outbound_emails" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_messages_program_contact_day_unique" ON "outbound_messages" USING btree ("program_id","contact_id","day") WHERE "outbound_messages"."program_id" is not null;--> statement-breakpoint
CREATE INDEX "outbound_messages_status_send_after_idx" ON "outbound_messages" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "outbound_messages_contact_idx" ON "outbound_messages" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree (lower("first_name" || ' ' || "last_name"));