CREATE TABLE "stockist_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"business_name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"decline_reason" text,
	"location_id" integer,
	"decided_at" timestamp,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stockist_listings" ADD CONSTRAINT "stockist_listings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stockist_listings" ADD CONSTRAINT "stockist_listings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stockist_listings_status_idx" ON "stockist_listings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stockist_listings_customer_idx" ON "stockist_listings" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stockist_listings_one_pending_idx" ON "stockist_listings" USING btree ("customer_id") WHERE "stockist_listings"."status" = 'pending';