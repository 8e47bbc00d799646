-- Zone names are unique whatever their case: the back office tells zones apart by name (409 on a clash).
CREATE UNIQUE INDEX "shipping_zones_name_idx" ON "shipping_zones" USING btree (lower("name"));
