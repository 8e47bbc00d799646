/** Writes seed/images/*.svg from seed/artwork.ts. Run: npx tsx apps/api/seed/generate-images.ts */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedImages } from './images.ts';

const outDir = join(dirname(fileURLToPath(import.meta.url)), 'images');
mkdirSync(outDir, { recursive: true });
for (const image of seedImages) writeFileSync(join(outDir, image.file), image.render());
console.log(`wrote ${seedImages.length} images to ${outDir}`);
