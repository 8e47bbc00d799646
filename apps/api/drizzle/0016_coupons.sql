CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount_type" text DEFAULT 'fixed_cart' NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"minimum_cents" integer DEFAULT 0 NOT NULL,
	"usage_limit" integer,
	"usage_limit_per_user" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"individual_use" boolean DEFAULT false NOT NULL,
	"price_list" text DEFAULT 'any' NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"date_starts" timestamp,
	"date_expires" timestamp,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"modified_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"code" text NOT NULL,
	"discount_cents" integer NOT NULL,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"customer_id" integer DEFAULT 0 NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"released_at" timestamp
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_total_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_coupons" ADD CONSTRAINT "order_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "order_coupons_order_idx" ON "order_coupons" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_coupons_coupon_idx" ON "order_coupons" USING btree ("coupon_id");