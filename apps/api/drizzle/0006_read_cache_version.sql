-- The read cache's version (docs/decisions/0011-caching.md): every committed change to what the
-- catalogue and content reads return bumps it, whichever process made it (the shop, the owner's
-- command line), so each API process can tell whether its cached responses are still true.
CREATE TABLE "read_cache_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "read_cache_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Runs at commit (deferred), once per transaction: the row lock is held only while committing,
-- so concurrent orders do not queue behind each other for the rest of their transaction.
CREATE FUNCTION "bump_read_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('larder.read_cache_bumped', true) = txid_current()::text THEN
		RETURN NULL;
	END IF;
	PERFORM set_config('larder.read_cache_bumped', txid_current()::text, true);
	UPDATE "read_cache_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	watched text;
BEGIN
	FOREACH watched IN ARRAY ARRAY[
		'products', 'product_variations', 'product_images', 'product_categories',
		'product_category_assignments', 'product_reviews', 'media', 'authors', 'pages', 'posts',
		'post_categories', 'post_category_assignments', 'team_members', 'locations'
	] LOOP
		EXECUTE format(
			'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
			'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_read_cache_version"()',
			watched || '_read_cache', watched);
		-- TRUNCATE fires no row trigger; tests reset tables with it.
		EXECUTE format(
			'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_read_cache_version"()',
			watched || '_read_cache_truncate', watched);
	END LOOP;
END
$$;
