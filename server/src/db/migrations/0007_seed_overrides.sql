CREATE TABLE "seed_overrides" (
	"kind" text NOT NULL,
	"seed_key" text NOT NULL,
	"target_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seed_overrides_kind_seed_key_pk" PRIMARY KEY("kind","seed_key")
);
