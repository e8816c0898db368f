ALTER TABLE "device_tokens" ADD COLUMN "session_id" integer;--> statement-breakpoint
-- A saved token goes with its user's newest live session; a user signed out everywhere keeps none.
UPDATE "device_tokens" AS d SET "session_id" = (SELECT s."id" FROM "sessions" s WHERE s."user_id" = d."user_id" AND s."revoked_at" IS NULL AND s."expires_at" > now() ORDER BY s."created_at" DESC, s."id" DESC LIMIT 1);--> statement-breakpoint
DELETE FROM "device_tokens" WHERE "session_id" IS NULL;--> statement-breakpoint
ALTER TABLE "device_tokens" ALTER COLUMN "session_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to_address" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "status" text DEFAULT 'kept' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_tokens_session_idx" ON "device_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "email_tokens_expires_idx" ON "email_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
-- Names and addresses stored before every free-text field went through the sanitiser lose their markup and
-- bidirectional overrides (a value that would be emptied keeps its text without angle brackets instead).
UPDATE "users" SET "first_name" = coalesce(nullif(btrim(regexp_replace(regexp_replace("first_name", '<[a-zA-Z/!?][^>]*(>|$)', '', 'g'), '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), translate("first_name", '<>', '')), "last_name" = coalesce(nullif(btrim(regexp_replace(regexp_replace("last_name", '<[a-zA-Z/!?][^>]*(>|$)', '', 'g'), '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), translate("last_name", '<>', '')) WHERE "first_name" ~ '<[a-zA-Z/!?]|[\u202A-\u202E\u2066-\u2069]' OR "last_name" ~ '<[a-zA-Z/!?]|[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "user_addresses" SET "country" = coalesce(nullif(btrim(regexp_replace(regexp_replace("country", '<[a-zA-Z/!?][^>]*(>|$)', '', 'g'), '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), translate("country", '<>', '')), "state" = coalesce(nullif(btrim(regexp_replace(regexp_replace("state", '<[a-zA-Z/!?][^>]*(>|$)', '', 'g'), '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), translate("state", '<>', '')), "city" = coalesce(nullif(btrim(regexp_replace(regexp_replace("city", '<[a-zA-Z/!?][^>]*(>|$)', '', 'g'), '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), translate("city", '<>', '')), "street" = coalesce(nullif(btrim(regexp_replace(regexp_replace("street", '<[a-zA-Z/!?][^>]*(>|$)', '', 'g'), '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), translate("street", '<>', '')), "house_number" = coalesce(nullif(btrim(regexp_replace(regexp_replace("house_number", '<[a-zA-Z/!?][^>]*(>|$)', '', 'g'), '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), translate("house_number", '<>', '')), "postal_code" = coalesce(nullif(btrim(regexp_replace(regexp_replace("postal_code", '<[a-zA-Z/!?][^>]*(>|$)', '', 'g'), '[\u202A-\u202E\u2066-\u2069]', '', 'g')), ''), translate("postal_code", '<>', '')) WHERE "country" ~ '<[a-zA-Z/!?]|[\u202A-\u202E\u2066-\u2069]' OR "state" ~ '<[a-zA-Z/!?]|[\u202A-\u202E\u2066-\u2069]' OR "city" ~ '<[a-zA-Z/!?]|[\u202A-\u202E\u2066-\u2069]' OR "street" ~ '<[a-zA-Z/!?]|[\u202A-\u202E\u2066-\u2069]' OR "house_number" ~ '<[a-zA-Z/!?]|[\u202A-\u202E\u2066-\u2069]' OR "postal_code" ~ '<[a-zA-Z/!?]|[\u202A-\u202E\u2066-\u2069]';
