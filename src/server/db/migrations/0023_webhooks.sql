CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"succeeded" boolean NOT NULL,
	"error" text,
	"answer" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('queued', 'sending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_emails" DROP CONSTRAINT "outbound_emails_kind_check";--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD COLUMN "webhook_endpoint_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_idx" ON "webhook_attempts" USING btree ("endpoint_id","at","id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_claimed_idx" ON "webhook_deliveries" USING btree ("claimed_at") WHERE "webhook_deliveries"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_at_idx" ON "webhook_endpoints" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_webhook_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("webhook_endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_kind_check" CHECK ("outbound_emails"."kind" in ('welcome', 'password_reset', 'webhook_disabled'));--> statement-breakpoint
-- Webhook events (issue 29) are written by the database, in the transaction of the change that
-- causes them, whoever makes it (the server, a worker, an import, a script): a change that rolls
-- back leaves no event, and a committed one always has its event. Nothing is written while no
-- enabled endpoint wants the type: a trigger with nobody listening costs one lookup in a table of
-- a few rows. Demo rows (`demo`) are not news to anyone and send nothing.
CREATE FUNCTION "webhook_wanted"(event_type text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM "webhook_endpoints" WHERE "enabled" AND event_type = ANY ("event_types")
  )
$$;--> statement-breakpoint
-- One event, and its delivery to every enabled endpoint that wants its type (none: no event).
CREATE FUNCTION "webhook_event"(event_type text, event_at timestamptz, event_data jsonb)
RETURNS void LANGUAGE sql VOLATILE AS $$
  WITH "wanting" AS (
    SELECT "id" FROM "webhook_endpoints" WHERE "enabled" AND event_type = ANY ("event_types")
  ), "event" AS (
    INSERT INTO "webhook_events" ("type", "at", "data")
    SELECT event_type, event_at, event_data WHERE EXISTS (SELECT 1 FROM "wanting")
    RETURNING "id"
  )
  INSERT INTO "webhook_deliveries" ("endpoint_id", "event_id")
  SELECT "wanting"."id", "event"."id" FROM "wanting", "event"
$$;--> statement-breakpoint
-- message.sent, message.delivered, message.failed: a message's history gains one of those.
-- 'undelivered' (the carrier could not deliver it) is a failure too; `status` tells which.
CREATE FUNCTION "webhook_message_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text := CASE NEW."status"
    WHEN 'sent' THEN 'message.sent'
    WHEN 'delivered' THEN 'message.delivered'
    ELSE 'message.failed' END;
BEGIN
  IF webhook_wanted(event_type) THEN
    PERFORM webhook_event(event_type, NEW."at", (
      SELECT jsonb_build_object(
        'messageId', m."id", 'kind', m."kind", 'contactId', m."contact_id", 'to', m."to_phone",
        'programId', m."program_id", 'day', m."day", 'status', NEW."status",
        'providerMessageId', m."provider_message_id",
        -- The log provider's ids: nothing left Tidings.
        'simulated', coalesce(m."provider_message_id" LIKE 'LOG%', false),
        'errorCode', NEW."error_code", 'errorMessage', NEW."error_message")
      FROM "outbound_messages" m WHERE m."id" = NEW."message_id"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_message_event" AFTER INSERT ON "outbound_message_events"
  FOR EACH ROW WHEN (NEW."status" IN ('sent', 'delivered', 'failed', 'undelivered') AND NOT NEW."demo")
  EXECUTE FUNCTION "webhook_message_event"();--> statement-breakpoint
-- message.received: a phone's message reached Tidings (or Simulate reply typed one).
CREATE FUNCTION "webhook_received_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted('message.received') THEN
    PERFORM webhook_event('message.received', NEW."received_at", jsonb_build_object(
      'messageId', NEW."id", 'providerMessageId', NEW."provider_message_id",
      'from', NEW."from_phone", 'to', NEW."to_phone", 'body', NEW."body",
      'mediaUrls', NEW."media_urls", 'contactId', NEW."contact_id", 'intent', NEW."intent",
      'simulated', NEW."simulated_by" IS NOT NULL));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_received_event" AFTER INSERT ON "inbound_messages"
  FOR EACH ROW WHEN (NOT NEW."demo") EXECUTE FUNCTION "webhook_received_event"();--> statement-breakpoint
-- contact.opted_in, contact.opted_out: the consent log gains one, with its source.
CREATE FUNCTION "webhook_consent_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text := 'contact.' || NEW."event";
BEGIN
  IF webhook_wanted(event_type) THEN
    PERFORM webhook_event(event_type, NEW."at", jsonb_build_object(
      'contactId', NEW."contact_id", 'phone', NEW."phone", 'source', NEW."source",
      'keyword', NEW."keyword", 'staffUserId', NEW."staff_user_id"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_consent_event" AFTER INSERT ON "consent_events"
  FOR EACH ROW WHEN (NEW."event" IN ('opted_in', 'opted_out') AND NOT NEW."demo")
  EXECUTE FUNCTION "webhook_consent_event"();--> statement-breakpoint
-- A contact as events carry it: what they are, never how they sign in.
CREATE FUNCTION "webhook_contact"(u "users") RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'contactId', u."id", 'email', u."email", 'firstName', u."first_name",
    'lastName', u."last_name", 'phone', u."phone", 'role', u."role", 'status', u."status",
    'street', u."street", 'city', u."city", 'state', u."state", 'zipCode', u."zip_code",
    'country', u."country", 'bio', u."bio", 'smsVerified', u."sms_verified")
$$;--> statement-breakpoint
-- contact.created, and contact.updated when what it carries changed (`changed` names the fields).
CREATE FUNCTION "webhook_contact_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_contact jsonb;
  was jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF webhook_wanted('contact.created') THEN
      PERFORM webhook_event('contact.created', NEW."created_at", webhook_contact(NEW));
    END IF;
  ELSIF webhook_wanted('contact.updated') THEN
    now_contact := webhook_contact(NEW);
    was := webhook_contact(OLD);
    IF was IS DISTINCT FROM now_contact THEN
      PERFORM webhook_event('contact.updated', NEW."updated_at", now_contact || jsonb_build_object(
        'changed', (SELECT jsonb_agg(n.key ORDER BY n.key) FROM jsonb_each(now_contact) n
                    WHERE n.value IS DISTINCT FROM was -> n.key)));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_contact_created" AFTER INSERT ON "users"
  FOR EACH ROW WHEN (NOT NEW."demo") EXECUTE FUNCTION "webhook_contact_event"();--> statement-breakpoint
CREATE TRIGGER "webhook_contact_updated" AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (NOT NEW."demo") EXECUTE FUNCTION "webhook_contact_event"();--> statement-breakpoint
-- enrollment.started: a participant became a recipient of a rolling program, was restarted by
-- staff (a new run), or came back after leaving. enrollment.finished: they stopped being one.
CREATE FUNCTION "webhook_enrollment_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_type text;
BEGIN
  IF NEW."ended_at" IS NOT NULL THEN
    IF TG_OP = 'UPDATE' AND OLD."ended_at" IS NOT NULL THEN RETURN NULL; END IF;
    event_type := 'enrollment.finished';
  ELSIF TG_OP = 'INSERT' OR OLD."ended_at" IS NOT NULL OR OLD."run" <> NEW."run" THEN
    event_type := 'enrollment.started';
  ELSE
    RETURN NULL;
  END IF;
  IF webhook_wanted(event_type) THEN
    PERFORM webhook_event(event_type, coalesce(NEW."ended_at", NEW."enrolled_at"), jsonb_build_object(
      'programId', NEW."program_id", 'contactId', NEW."contact_id", 'run', NEW."run",
      'startDate', NEW."start_date", 'enrolledAt', NEW."enrolled_at", 'endedAt', NEW."ended_at"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_enrollment_event" AFTER INSERT OR UPDATE ON "program_enrollments"
  FOR EACH ROW WHEN (NOT NEW."demo") EXECUTE FUNCTION "webhook_enrollment_event"();--> statement-breakpoint
-- link.clicked: a person followed a tracked link (counted: not a link preview, not a HEAD).
CREATE FUNCTION "webhook_click_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted('link.clicked') THEN
    PERFORM webhook_event('link.clicked', NEW."at", (
      SELECT jsonb_build_object(
        'code', l."code", 'url', l."url", 'messageId', l."message_id",
        'contactId', (SELECT m."contact_id" FROM "outbound_messages" m WHERE m."id" = l."message_id"),
        'programId', l."program_id", 'day', l."day",
        'userAgent', NEW."user_agent")
      FROM "short_links" l WHERE l."code" = NEW."code"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "webhook_click_event" AFTER INSERT ON "link_clicks"
  FOR EACH ROW WHEN (NEW."counted" AND NOT NEW."demo") EXECUTE FUNCTION "webhook_click_event"();
