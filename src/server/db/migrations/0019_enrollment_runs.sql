DROP INDEX "outbound_messages_program_contact_day_unique";--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "run" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "program_enrollments" ADD COLUMN "run" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_messages_program_contact_day_run_unique" ON "outbound_messages" USING btree ("program_id","contact_id","day","run") WHERE "outbound_messages"."program_id" is not null;