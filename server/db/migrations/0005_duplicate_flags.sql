CREATE TABLE "app_id_redirects" (
	"from_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duplicate_dismissals" (
	"app_id" integer NOT NULL,
	"duplicate_of" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_app_id_duplicate_of_pk" PRIMARY KEY("app_id","duplicate_of")
);
--> statement-breakpoint
CREATE TABLE "duplicate_flags" (
	"app_id" integer NOT NULL,
	"duplicate_of" integer NOT NULL,
	"evidence" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_flags_app_id_duplicate_of_pk" PRIMARY KEY("app_id","duplicate_of")
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "duplicate_scanned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_id_redirects" ADD CONSTRAINT "app_id_redirects_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_duplicate_of_apps_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_flags" ADD CONSTRAINT "duplicate_flags_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_flags" ADD CONSTRAINT "duplicate_flags_duplicate_of_apps_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_flags_of_idx" ON "duplicate_flags" USING btree ("duplicate_of");--> statement-breakpoint
CREATE INDEX "apps_duplicate_pending_idx" ON "apps" USING btree ("id") WHERE "apps"."duplicate_scanned_at" IS NULL;