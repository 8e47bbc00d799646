-- Sales tax (issue 14): rates by destination, product tax classes, and each order's tax kept as charged.
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postcodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_micros" integer NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"compound" boolean DEFAULT false NOT NULL,
	"shipping" boolean DEFAULT true NOT NULL,
	"rate_order" integer DEFAULT 0 NOT NULL,
	"tax_class" text DEFAULT 'standard' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_class" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_exempt_reason" text;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "tax_class" text DEFAULT 'parent' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_status" text DEFAULT 'taxable' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "tax_rates_location_idx" ON "tax_rates" USING btree ("country","state");--> statement-breakpoint
-- Tax rates change what the cart and checkout pages show: bump the read cache as for the catalogue.
CREATE CONSTRAINT TRIGGER "tax_rates_read_cache" AFTER INSERT OR UPDATE OR DELETE ON "tax_rates" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_read_cache_version"();--> statement-breakpoint
CREATE TRIGGER "tax_rates_read_cache_truncate" AFTER TRUNCATE ON "tax_rates" FOR EACH STATEMENT EXECUTE FUNCTION "bump_read_cache_version"();
