CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ethnic_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "ethnic_groups_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"no_of_ethnics" integer NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "packages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "proverb_categories" (
	"proverb_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "proverb_categories_proverb_id_category_id_pk" PRIMARY KEY("proverb_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "proverbs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"ethnic_group_id" integer NOT NULL,
	"proverb" text NOT NULL,
	"transliteration" text NOT NULL,
	"interpretation" text NOT NULL,
	"tone_key" text NOT NULL,
	"english_folded" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proverbs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "proverb_categories" ADD CONSTRAINT "proverb_categories_proverb_id_proverbs_id_fk" FOREIGN KEY ("proverb_id") REFERENCES "public"."proverbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverb_categories" ADD CONSTRAINT "proverb_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proverbs" ADD CONSTRAINT "proverbs_ethnic_group_id_ethnic_groups_id_fk" FOREIGN KEY ("ethnic_group_id") REFERENCES "public"."ethnic_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "faqs_question_idx" ON "faqs" USING btree ("question");--> statement-breakpoint
CREATE INDEX "proverb_categories_category_idx" ON "proverb_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "proverbs_group_idx" ON "proverbs" USING btree ("ethnic_group_id","id");--> statement-breakpoint
CREATE INDEX "proverbs_tone_key_idx" ON "proverbs" USING btree ("tone_key");--> statement-breakpoint
CREATE INDEX "proverbs_likes_idx" ON "proverbs" USING btree ("likes");