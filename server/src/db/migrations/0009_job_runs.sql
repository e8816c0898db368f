CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
CREATE INDEX "payments_renews_idx" ON "payments" USING btree ("renews_user_package_id");