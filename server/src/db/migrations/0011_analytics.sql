CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"visitors" integer,
	"results" integer,
	CONSTRAINT "analytics_daily_day_metric_dimension_pk" PRIMARY KEY("day","metric","dimension")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"path" text NOT NULL,
	"slug" text,
	"q" text,
	"results" integer,
	"ethnic" text,
	"detail" text,
	"currency" text,
	"visitor" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly" (
	"month" date NOT NULL,
	"metric" text NOT NULL,
	"dimension" text NOT NULL,
	"count" integer NOT NULL,
	"visitors" integer,
	"results" integer,
	"last_day" date NOT NULL,
	CONSTRAINT "analytics_monthly_month_metric_dimension_pk" PRIMARY KEY("month","metric","dimension")
);
--> statement-breakpoint
CREATE TABLE "analytics_secrets" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_metric_idx" ON "analytics_daily" USING btree ("metric","day");--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day","type");--> statement-breakpoint
CREATE INDEX "analytics_monthly_metric_idx" ON "analytics_monthly" USING btree ("metric","month");--> statement-breakpoint
CREATE INDEX "proverb_likes_created_idx" ON "proverb_likes" USING btree ("created_at");