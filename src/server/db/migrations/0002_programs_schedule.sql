ALTER TABLE "programs" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "send_time" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "programs_start_date_idx" ON "programs" USING btree ("start_date");--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_send_time_check" CHECK ("programs"."send_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "programs"."send_time" between '08:00' and '21:00');