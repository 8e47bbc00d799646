import { seedUploadsDir } from '../../paths.ts';
import {
  createDiskStore,
  isSafeKey,
  type ObjectStore,
  type OpenedObject,
} from '../../storage/object-store.ts';

/**
 * The files under /wp-content/uploads/ (decision 0044): the demo artwork, which ships with the
 * code and so is the same on every machine, then the owner's images and every generated size,
 * kept in the object store under `uploads/` (this disk, or a bucket all processes share).
 */
export interface Uploads {
  read(file: string): Promise<Buffer | undefined>;
  open(file: string): Promise<OpenedObject | undefined>;
  size(file: string): Promise<number | undefined>;
  put(file: string, bytes: Uint8Array, contentType: string): Promise<void>;
}

export function createUploads(store: ObjectStore): Uploads {
  const demoArt = createDiskStore(seedUploadsDir());
  const key = (file: string) => `uploads/${file}`;
  // The demo's files lie at the top, the store's in imports/ and sizes/: no name is in both, and
  // a local miss costs only a stat.
  const first = async <T>(
    file: string,
    get: (from: ObjectStore, key: string) => Promise<T | undefined>,
  ): Promise<T | undefined> => {
    if (!isSafeKey(file)) return undefined;
    return (await get(demoArt, file)) ?? get(store, key(file));
  };
  return {
    read: (file) => first(file, (from, at) => from.read(at)),
    open: (file) => first(file, (from, at) => from.open(at)),
    size: (file) => first(file, (from, at) => from.size(at)),
    put: (file, bytes, contentType) => store.put(key(file), bytes, contentType),
  };
}

/** The only kinds of file the media library holds; anything else under the prefix is not served. */
const IMAGE_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};
export const imageType = (file: string): string | undefined =>
  IMAGE_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()];
