CREATE TABLE "learning_cards" (
	"user_id" integer NOT NULL,
	"proverb_id" integer NOT NULL,
	"in_deck" boolean NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"card" jsonb NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_id" uuid NOT NULL,
	CONSTRAINT "learning_cards_user_id_proverb_id_pk" PRIMARY KEY("user_id","proverb_id")
);
--> statement-breakpoint
CREATE TABLE "learning_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "learning_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"proverb_id" integer,
	"batch_id" integer,
	"grade" smallint,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"utc_offset" smallint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learning_entries_kind" CHECK ("learning_entries"."kind" in ('read', 'quiz', 'add', 'remove', 'review')),
	CONSTRAINT "learning_entries_proverb" CHECK (("learning_entries"."proverb_id" is null) = ("learning_entries"."kind" = 'quiz')),
	CONSTRAINT "learning_entries_batch" CHECK (("learning_entries"."batch_id" is not null) = ("learning_entries"."kind" = 'quiz')),
	CONSTRAINT "learning_entries_grade" CHECK (("learning_entries"."grade" is not null) = ("learning_entries"."kind" = 'review') and "learning_entries"."grade" between 1 and 4),
	CONSTRAINT "learning_entries_offset" CHECK ("learning_entries"."utc_offset" between -840 and 840)
);
--> statement-breakpoint
ALTER TABLE "learning_cards" ADD CONSTRAINT "learning_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_cards" ADD CONSTRAINT "learning_cards_proverb_id_proverbs_id_fk" FOREIGN KEY ("proverb_id") REFERENCES "public"."proverbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_entries" ADD CONSTRAINT "learning_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_entries" ADD CONSTRAINT "learning_entries_proverb_id_proverbs_id_fk" FOREIGN KEY ("proverb_id") REFERENCES "public"."proverbs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_entries" ADD CONSTRAINT "learning_entries_batch_id_quiz_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."quiz_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_entries_seq_idx" ON "learning_entries" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "learning_entries_day_idx" ON "learning_entries" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_entries_read_idx" ON "learning_entries" USING btree ("user_id","proverb_id","day") WHERE kind = 'read';