CREATE TABLE "request_receipts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status" smallint NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_receipts_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "request_receipts_received_at_idx" ON "request_receipts" USING btree ("received_at");