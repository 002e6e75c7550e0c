CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid,
	"phone" text NOT NULL,
	"event" text NOT NULL,
	"source" text NOT NULL,
	"staff_user_id" uuid,
	"keyword" text,
	"text" text,
	"inbound_message_id" uuid,
	"outbound_message_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_events_event_check" CHECK ("consent_events"."event" in ('optin_requested', 'opted_in', 'opted_out', 'verified', 'unverified')),
	CONSTRAINT "consent_events_source_check" CHECK ("consent_events"."source" in ('keyword', 'staff', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_message_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"media_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_id" uuid,
	"intent" text,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_messages_intent_check" CHECK ("inbound_messages"."intent" in ('optin', 'optout', 'help'))
);
--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_contact_idx" ON "consent_events" USING btree ("contact_id","at");--> statement-breakpoint
CREATE INDEX "consent_events_phone_idx" ON "consent_events" USING btree ("phone","at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_provider_id_unique" ON "inbound_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_contact_idx" ON "inbound_messages" USING btree ("contact_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_from_idx" ON "inbound_messages" USING btree ("from_phone","received_at");--> statement-breakpoint
CREATE INDEX "inbound_messages_received_at_idx" ON "inbound_messages" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD CONSTRAINT "outbound_messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The consent log is proof of consent: rows are only ever added (see consent_events in schema.ts).
CREATE FUNCTION "consent_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_events is append-only' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "consent_events_append_only" BEFORE UPDATE OR DELETE ON "consent_events"
  FOR EACH ROW EXECUTE FUNCTION "consent_events_append_only"();
