ALTER TABLE "short_links" DROP CONSTRAINT "short_links_program_id_programs_id_fk";
--> statement-breakpoint
ALTER TABLE "short_links" DROP CONSTRAINT "short_links_contact_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "outbound_messages_provider_id_idx";--> statement-breakpoint
DROP INDEX "short_links_contact_idx";--> statement-breakpoint
ALTER TABLE "short_links" DROP COLUMN "contact_id";