ALTER TABLE "outbound_message_events" DROP CONSTRAINT "outbound_message_events_message_id_outbound_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "short_links" DROP CONSTRAINT "short_links_message_id_outbound_messages_id_fk";
