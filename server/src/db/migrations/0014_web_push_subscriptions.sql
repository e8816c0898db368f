ALTER TABLE "device_tokens" ADD COLUMN "p256dh" text;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "auth" text;