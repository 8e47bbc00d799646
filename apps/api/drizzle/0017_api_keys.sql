-- REST API keys (issue 17): WooCommerce's ck_/cs_ pairs, and the OAuth nonces each key used lately.
CREATE TABLE "api_key_nonces" (
	"key_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"used_at" timestamp NOT NULL,
	CONSTRAINT "api_key_nonces_key_id_nonce_pk" PRIMARY KEY("key_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permissions" text NOT NULL,
	"consumer_key_hash" text NOT NULL,
	"consumer_secret" text NOT NULL,
	"truncated_key" text NOT NULL,
	"last_access" timestamp,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_key_nonces" ADD CONSTRAINT "api_key_nonces_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_nonces_used_idx" ON "api_key_nonces" USING btree ("key_id","used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_consumer_key_hash_idx" ON "api_keys" USING btree ("consumer_key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_customer_idx" ON "api_keys" USING btree ("customer_id");