ALTER TABLE "customers" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "totp_last_step" integer;