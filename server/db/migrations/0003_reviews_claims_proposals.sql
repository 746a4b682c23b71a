CREATE TABLE "app_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"method" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"secret_hash" text,
	"last_attempt" jsonb,
	"verified_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"author_key" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"claim_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"previous" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_marks" (
	"review_id" integer NOT NULL,
	"visitor_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_marks_review_id_visitor_id_kind_pk" PRIMARY KEY("review_id","visitor_id","kind")
);
--> statement-breakpoint
ALTER TABLE "app_claims" ADD CONSTRAINT "app_claims_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_reviews" ADD CONSTRAINT "app_reviews_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_proposals" ADD CONSTRAINT "listing_proposals_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_proposals" ADD CONSTRAINT "listing_proposals_claim_id_app_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."app_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_marks" ADD CONSTRAINT "review_marks_review_id_app_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."app_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_claims_token_key" ON "app_claims" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "app_claims_secret_hash_key" ON "app_claims" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "app_claims_app_idx" ON "app_claims" USING btree ("app_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "app_reviews_app_author_key" ON "app_reviews" USING btree ("app_id","author_key");--> statement-breakpoint
CREATE INDEX "app_reviews_app_status_idx" ON "app_reviews" USING btree ("app_id","status");--> statement-breakpoint
CREATE INDEX "app_reviews_status_created_idx" ON "app_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listing_proposals_status_idx" ON "listing_proposals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listing_proposals_claim_idx" ON "listing_proposals" USING btree ("claim_id");