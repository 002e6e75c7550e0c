ALTER TABLE "consent_events" DROP CONSTRAINT "consent_events_source_check";--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "simulated_by" uuid;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_simulated_by_users_id_fk" FOREIGN KEY ("simulated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_simulated_staff_check" CHECK ("consent_events"."source" <> 'simulated' or "consent_events"."staff_user_id" is not null);--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_source_check" CHECK ("consent_events"."source" in ('keyword', 'staff', 'provider', 'simulated'));