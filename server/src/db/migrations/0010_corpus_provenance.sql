CREATE TABLE "cousin_clusters" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"note" text NOT NULL,
	CONSTRAINT "cousin_clusters_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "proverb_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"proverb_id" integer NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"correction_id" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proverb_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"proverb_id" integer,
	"user_id" integer,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"before_proverb" text NOT NULL,
	"before_transliteration" text NOT NULL,
	"before_interpretation" text NOT NULL,
	"proverb" text NOT NULL,
	"transliteration" text NOT NULL,
	"interpretation" text NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proverb_cousins" (
	"cluster_id" integer NOT NULL,
	"proverb_id" integer NOT NULL,
	CONSTRAINT "proverb_cousins_cluster_id_proverb_id_pk" PRIMARY KEY("cluster_id","proverb_id"),
	CONSTRAINT "proverb_cousins_proverb_id_unique" UNIQUE("proverb_id")
);
--> statement-breakpoint
ALTER TABLE "proverbs" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proverbs" ADD COLUMN "checked_by" text;--> statement-breakpoint
ALTER TABLE "proverbs" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proverb_changes" ADD CONSTRAINT "proverb_changes_proverb_id_proverbs_id_fk" FOREIGN KEY ("proverb_id") REFERENCES "public"."proverbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverb_changes" ADD CONSTRAINT "proverb_changes_correction_id_proverb_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."proverb_corrections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverb_changes" ADD CONSTRAINT "proverb_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverb_corrections" ADD CONSTRAINT "proverb_corrections_proverb_id_proverbs_id_fk" FOREIGN KEY ("proverb_id") REFERENCES "public"."proverbs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverb_corrections" ADD CONSTRAINT "proverb_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverb_corrections" ADD CONSTRAINT "proverb_corrections_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverb_cousins" ADD CONSTRAINT "proverb_cousins_cluster_id_cousin_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."cousin_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverb_cousins" ADD CONSTRAINT "proverb_cousins_proverb_id_proverbs_id_fk" FOREIGN KEY ("proverb_id") REFERENCES "public"."proverbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proverb_changes_proverb_idx" ON "proverb_changes" USING btree ("proverb_id","created_at");--> statement-breakpoint
CREATE INDEX "proverb_corrections_status_idx" ON "proverb_corrections" USING btree ("status","created_at");