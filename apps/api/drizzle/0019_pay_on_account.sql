ALTER TABLE "customers" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "credit_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_order_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "date_due" timestamp;