import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema.ts';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

/** The media library's rows. Every function takes the transaction the service opened. */
export const mediaLibraryRepo = {
  async findByFile(tx: Database, file: string): Promise<MediaRow | undefined> {
    const [row] = await tx.select().from(media).where(eq(media.file, file));
    return row;
  },

  async insert(tx: Database, values: NewMediaRow): Promise<MediaRow> {
    const [row] = await tx.insert(media).values(values).returning();
    return row!;
  },

  /** The updated row; undefined when there is no such image. */
  async update(
    tx: Database,
    id: number,
    values: Partial<Pick<NewMediaRow, 'altText' | 'title' | 'modifiedAt'>>,
  ): Promise<MediaRow | undefined> {
    const [row] = await tx.update(media).set(values).where(eq(media.id, id)).returning();
    return row;
  },
};
