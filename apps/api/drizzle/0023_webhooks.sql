CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"topic" text NOT NULL,
	"resource_id" integer NOT NULL,
	"txid" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp,
	"request_body" text,
	"last_attempt_at" timestamp,
	"response_code" integer,
	"response_body" text,
	"duration_ms" integer,
	"created_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"topic" text NOT NULL,
	"delivery_url" text NOT NULL,
	"secret" text NOT NULL,
	"customer_id" integer NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"modified_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("webhook_id","topic","resource_id","txid");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","id");--> statement-breakpoint
-- The durable outbox (decision 0042): a change to an order, product, customer or coupon, by any
-- path, queues one delivery per active webhook of its topic in the transaction that made it. Runs
-- at commit (deferred), when the row is final; a resource created in the transaction gets no
-- `updated` from the same transaction, as WooCommerce sends none for a new object's first saves.
-- Arguments: the resource, the column holding its id, the event to send whatever the operation
-- ('' for the operation's own), then the columns whose change alone is no update.
CREATE FUNCTION "queue_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	resource text := TG_ARGV[0];
	event text := TG_ARGV[2];
	changed jsonb := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
	resource_id integer := (changed ->> TG_ARGV[1])::integer;
	created_here text := coalesce(current_setting('larder.webhook_created', true), '');
	marker text := ' ' || txid_current() || ':' || resource || ':' || resource_id || ' ';
BEGIN
	IF event = '' THEN
		event := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'DELETE' THEN 'deleted' ELSE 'updated' END;
	ELSIF NOT EXISTS (SELECT 1 FROM "products" WHERE "id" = resource_id) THEN
		-- A variation of a product deleted in this transaction: its product.deleted says it all.
		RETURN NULL;
	END IF;
	IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - TG_ARGV[3:]) = (to_jsonb(NEW) - TG_ARGV[3:]) THEN
		RETURN NULL;
	END IF;
	IF NOT EXISTS (SELECT 1 FROM "webhooks" WHERE "status" = 'active' AND "topic" LIKE resource || '.%') THEN
		RETURN NULL;
	END IF;
	IF event = 'created' THEN
		PERFORM set_config('larder.webhook_created', created_here || marker, true);
	ELSIF event = 'updated' AND position(marker IN created_here) > 0 THEN
		RETURN NULL;
	END IF;
	INSERT INTO "webhook_deliveries" ("webhook_id", "topic", "resource_id", "txid")
		SELECT "id", "topic", resource_id, txid_current() FROM "webhooks"
		WHERE "status" = 'active' AND "topic" = resource || '.' || event
		ON CONFLICT DO NOTHING;
	IF FOUND THEN
		-- Delivered at commit to every listening shop process, which then delivers at once.
		PERFORM pg_notify('webhook_deliveries', '');
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_webhooks" AFTER INSERT OR UPDATE OR DELETE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "queue_webhook_deliveries"('order', 'id', '', 'modified_at');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_webhooks" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "queue_webhook_deliveries"('product', 'id', '', 'modified_at');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_variations_webhooks" AFTER INSERT OR UPDATE OR DELETE ON "product_variations" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "queue_webhook_deliveries"('product', 'product_id', 'updated', 'modified_at');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "customers_webhooks" AFTER INSERT OR UPDATE OR DELETE ON "customers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "queue_webhook_deliveries"('customer', 'id', '', 'modified_at', 'totp_last_step', 'totp_pending_secret');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "coupons_webhooks" AFTER INSERT OR UPDATE OR DELETE ON "coupons" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "queue_webhook_deliveries"('coupon', 'id', '', 'modified_at');
