CREATE TABLE "search_snapshots" (
	"name" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"fingerprint" text NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
