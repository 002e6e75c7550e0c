CREATE TABLE "contact_import_rejects" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	CONSTRAINT "contact_import_rejects_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"importer_role" text NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"content" "bytea",
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"duplicates" text NOT NULL,
	"send_optin" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"next_row" integer DEFAULT 2 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_imports_status_check" CHECK ("contact_imports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "contact_imports_format_check" CHECK ("contact_imports"."format" in ('csv', 'xlsx')),
	CONSTRAINT "contact_imports_duplicates_check" CHECK ("contact_imports"."duplicates" in ('skip', 'update')),
	CONSTRAINT "contact_imports_importer_role_check" CHECK ("contact_imports"."importer_role" in ('participant', 'host', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "contact_import_rejects" ADD CONSTRAINT "contact_import_rejects_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_unfinished_idx" ON "contact_imports" USING btree ("created_at") WHERE "contact_imports"."status" in ('queued', 'running');