CREATE TABLE "answer_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"correct" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_totals" (
	"period" text NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leaderboard_totals_period_user_id_pk" PRIMARY KEY("period","user_id")
);
--> statement-breakpoint
CREATE TABLE "question_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"preferred_count" integer NOT NULL,
	"other_count" integer NOT NULL,
	"general_count" integer NOT NULL,
	"pass_score" integer NOT NULL,
	"weekly" boolean NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "question_properties_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"batch_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer_option_id" integer NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_answers_batch_id_question_id_pk" PRIMARY KEY("batch_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_batch_questions" (
	"batch_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	CONSTRAINT "quiz_batch_questions_batch_id_position_pk" PRIMARY KEY("batch_id","position")
);
--> statement-breakpoint
CREATE TABLE "quiz_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"source" text NOT NULL,
	"week_start" text NOT NULL,
	"ordinal" integer NOT NULL,
	"pass_score" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"correct" integer,
	"points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"ethnic_group_id" integer,
	"proverb_id" integer,
	"question" text NOT NULL,
	"quote" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "quiz_questions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "quiz_receipts" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"batch_id" integer NOT NULL,
	"question_id" integer,
	"answer_option_id" integer,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_receipts_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "answer_options" ADD CONSTRAINT "answer_options_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderboard_totals" ADD CONSTRAINT "leaderboard_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_batch_id_quiz_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."quiz_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_answer_option_id_answer_options_id_fk" FOREIGN KEY ("answer_option_id") REFERENCES "public"."answer_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_batch_questions" ADD CONSTRAINT "quiz_batch_questions_batch_id_quiz_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."quiz_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_batch_questions" ADD CONSTRAINT "quiz_batch_questions_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_batches" ADD CONSTRAINT "quiz_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_batches" ADD CONSTRAINT "quiz_batches_property_id_question_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."question_properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_ethnic_group_id_ethnic_groups_id_fk" FOREIGN KEY ("ethnic_group_id") REFERENCES "public"."ethnic_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_proverb_id_proverbs_id_fk" FOREIGN KEY ("proverb_id") REFERENCES "public"."proverbs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_receipts" ADD CONSTRAINT "quiz_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_receipts" ADD CONSTRAINT "quiz_receipts_batch_id_quiz_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."quiz_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_options_question_idx" ON "answer_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "leaderboard_rank_idx" ON "leaderboard_totals" USING btree ("period","points" DESC NULLS LAST,"finished_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_batch_questions_question_idx" ON "quiz_batch_questions" USING btree ("batch_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_batches_week_idx" ON "quiz_batches" USING btree ("user_id","week_start","source","property_id","ordinal");--> statement-breakpoint
CREATE INDEX "quiz_batches_closed_idx" ON "quiz_batches" USING btree ("user_id","closed_at");--> statement-breakpoint
CREATE INDEX "quiz_questions_group_idx" ON "quiz_questions" USING btree ("ethnic_group_id","kind");