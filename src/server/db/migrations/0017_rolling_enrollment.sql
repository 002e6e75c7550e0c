CREATE TABLE "enrollment_plans" (
	"program_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"planned_day" integer NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "enrollment_plans_program_id_start_date_pk" PRIMARY KEY("program_id","start_date")
);
--> statement-breakpoint
CREATE TABLE "program_enrollments" (
	"program_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone NOT NULL,
	"start_date" date NOT NULL,
	"ended_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "program_enrollments_program_id_contact_id_pk" PRIMARY KEY("program_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "enrollment" text DEFAULT 'cohort' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "enrollment_ends_on" date;--> statement-breakpoint
ALTER TABLE "enrollment_plans" ADD CONSTRAINT "enrollment_plans_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrollments" ADD CONSTRAINT "program_enrollments_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_enrollments" ADD CONSTRAINT "program_enrollments_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_enrollments_start_idx" ON "program_enrollments" USING btree ("program_id","start_date");--> statement-breakpoint
CREATE INDEX "program_enrollments_contact_idx" ON "program_enrollments" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_enrollment_check" CHECK ("programs"."enrollment" in ('cohort', 'rolling'));