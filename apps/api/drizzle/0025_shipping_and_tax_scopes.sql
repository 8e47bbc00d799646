-- The shipping zones, their locations and methods bump the read-cache version too, under their own
-- scope 'shipping', and tax rates under 'tax' instead of 'all' (docs/decisions/0055): each process
-- keeps both in memory for quoting and placing orders, and reloads them when a version says they
-- changed. Nothing else the read cache keeps shows them but server-rendered pages, which any change
-- evicts.
CREATE OR REPLACE FUNCTION "bump_read_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- Columns an order or a restock writes: a change to these alone concerns one product.
	stock_columns text[] := ARRAY['stock_quantity', 'stock_status', 'total_sales', 'modified_at'];
	row_now jsonb;
	scopes text[];
	bumped bigint;
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		scopes := ARRAY['all'];
	ELSE
		row_now := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
		IF TG_TABLE_NAME IN ('products', 'product_variations') THEN
			IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) - stock_columns) = (row_now - stock_columns) THEN
				scopes := ARRAY['product:' || coalesce(row_now->>'product_id', row_now->>'id')];
			ELSE
				scopes := ARRAY['catalog'];
			END IF;
		ELSIF TG_TABLE_NAME = 'product_reviews' THEN
			scopes := ARRAY['reviews', 'product:' || (row_now->>'product_id')];
		ELSIF TG_TABLE_NAME IN ('product_images', 'product_categories', 'product_category_assignments') THEN
			scopes := ARRAY['catalog'];
		ELSIF TG_TABLE_NAME IN ('pages', 'posts', 'post_categories', 'post_category_assignments', 'team_members', 'locations') THEN
			scopes := ARRAY['content'];
		ELSIF TG_TABLE_NAME IN ('shipping_zones', 'shipping_zone_locations', 'shipping_zone_methods') THEN
			scopes := ARRAY['shipping'];
		ELSIF TG_TABLE_NAME = 'tax_rates' THEN
			scopes := ARRAY['tax'];
		ELSE
			scopes := ARRAY['all'];
		END IF;
	END IF;
	-- Runs at commit (deferred): the version's row lock is held only while committing, so
	-- concurrent orders do not queue behind each other, and versions follow commit order.
	IF current_setting('larder.read_cache_bumped', true) = txid_current()::text THEN
		bumped := current_setting('larder.read_cache_bumped_to')::bigint;
	ELSE
		UPDATE "read_cache_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO bumped;
		PERFORM set_config('larder.read_cache_bumped', txid_current()::text, true);
		PERFORM set_config('larder.read_cache_bumped_to', bumped::text, true);
		-- A process further behind than this empties its caches (it finds versions missing).
		IF bumped % 1000 = 0 THEN
			DELETE FROM "read_cache_changes" WHERE "version" <= bumped - 10000;
		END IF;
	END IF;
	INSERT INTO "read_cache_changes" ("version", "scope") SELECT bumped, unnest(scopes) ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	watched text;
BEGIN
	FOREACH watched IN ARRAY ARRAY['shipping_zones', 'shipping_zone_locations', 'shipping_zone_methods'] LOOP
		EXECUTE format(
			'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
			'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_read_cache_version"()',
			watched || '_read_cache', watched);
		EXECUTE format(
			'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_read_cache_version"()',
			watched || '_read_cache_truncate', watched);
	END LOOP;
END
$$;
