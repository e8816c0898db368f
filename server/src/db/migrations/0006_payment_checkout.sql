ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "test_mode_charges" ADD COLUMN "decline_renewals" boolean DEFAULT false NOT NULL;