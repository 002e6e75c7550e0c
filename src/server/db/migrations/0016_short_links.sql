CREATE TABLE "link_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"method" text NOT NULL,
	"user_agent" text,
	"counted" boolean NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "link_clicks_method_check" CHECK ("link_clicks"."method" in ('GET', 'HEAD'))
);
--> statement-breakpoint
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"message_id" uuid,
	"program_id" uuid,
	"contact_id" uuid,
	"day" integer,
	"link_index" smallint NOT NULL,
	"url" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_code_check" CHECK ("short_links"."code" ~ '^[0-9A-Za-z]{7,}$')
);
--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_code_short_links_code_fk" FOREIGN KEY ("code") REFERENCES "public"."short_links"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_message_id_outbound_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_clicks_code_at_idx" ON "link_clicks" USING btree ("code","at");--> statement-breakpoint
CREATE INDEX "link_clicks_counted_code_idx" ON "link_clicks" USING btree ("code") WHERE "link_clicks"."counted";--> statement-breakpoint
CREATE INDEX "short_links_program_day_idx" ON "short_links" USING btree ("program_id","day");--> statement-breakpoint
CREATE INDEX "short_links_contact_idx" ON "short_links" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "short_links_message_idx" ON "short_links" USING btree ("message_id");