CREATE TABLE "email_change_keys" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"new_email" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp NOT NULL,
	"expires_at" timestamp NOT NULL,
	"used_at" timestamp
);
--> statement-breakpoint
ALTER TABLE "email_change_keys" ADD CONSTRAINT "email_change_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;