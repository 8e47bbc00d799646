-- Scoped invalidation of the read caches (docs/decisions/0049-scoped-cache-invalidation.md): each
-- bump of the read-cache version also records what the transaction changed, so a process evicts
-- only the entries that show it. One row per version and scope:
--   'product:<id>'  a product's or its variations' stock or sales only (an order, a restock);
--   'catalog'       anything else about products, their images and categories;
--   'reviews'       product reviews (with 'product:<id>' for the product's rating);
--   'content'       pages, posts, their categories, team members and locations;
--   'all'           media, authors, tax rates and any TRUNCATE: every entry.
CREATE TABLE "read_cache_changes" (
	"version" bigint NOT NULL,
	"scope" text NOT NULL,
	PRIMARY KEY ("version", "scope")
);
--> statement-breakpoint
INSERT INTO "read_cache_changes" ("version", "scope") SELECT "version", 'all' FROM "read_cache_version" WHERE "version" > 0;
--> statement-breakpoint
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
