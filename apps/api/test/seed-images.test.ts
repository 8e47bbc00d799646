import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedImages } from '../seed/images.ts';

const imagesDir = join(import.meta.dirname, '../seed/images');

/**
 * The seed's pictures are generated from its data (seed/artwork.ts) and committed. A change to a
 * name or a line of copy must remake them (`npm run seed:images -w @larder/api`): once the words
 * turned US English while the bags still said "flavours".
 */
describe('committed seed images', () => {
  it.each(seedImages.map((image) => [image.file, image] as const))(
    '%s is what the generator makes now',
    (file, image) => {
      expect(readFileSync(join(imagesDir, file), 'utf8')).toBe(image.render());
    },
  );
});
