DROP INDEX "products_listing_idx";--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date_created","id");--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("status","catalog_visibility","stock_status","menu_order","id");