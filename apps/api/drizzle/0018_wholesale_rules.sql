CREATE TABLE "wholesale_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"opening_minimum_cents" integer DEFAULT 0 NOT NULL,
	"reorder_minimum_cents" integer DEFAULT 0 NOT NULL,
	"modified_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "wholesale_case_size" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "wholesale_min_quantity" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "wholesale_tiers" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "wholesale_case_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "wholesale_min_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "wholesale_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL;