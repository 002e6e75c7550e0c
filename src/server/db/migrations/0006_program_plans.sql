CREATE TABLE "program_plans" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"planned_day" integer NOT NULL,
	"planned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_plans" ADD CONSTRAINT "program_plans_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;