CREATE TABLE "password_reset_keys" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp NOT NULL,
	"expires_at" timestamp NOT NULL,
	"used_at" timestamp
);
--> statement-breakpoint
CREATE TABLE "wholesale_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"business_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" jsonb NOT NULL,
	"tax_id" text NOT NULL,
	"sales_channels" text NOT NULL,
	"monthly_volume" text NOT NULL,
	"certificate_file" text NOT NULL,
	"certificate_type" text NOT NULL,
	"certificate_bytes" integer NOT NULL,
	"certificate_name" text DEFAULT '' NOT NULL,
	"rejection_reason" text,
	"decided_at" timestamp,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_keys" ADD CONSTRAINT "password_reset_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wholesale_applications" ADD CONSTRAINT "wholesale_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wholesale_applications_status_idx" ON "wholesale_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wholesale_applications_one_pending_idx" ON "wholesale_applications" USING btree ("customer_id") WHERE "wholesale_applications"."status" = 'pending';