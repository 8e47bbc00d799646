import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir.ts';

/** An object opened for sending: its bytes as a stream, and how many there are. */
export interface OpenedObject {
  body: Readable;
  size: number;
}

/**
 * Where uploads are kept (decision 0044): this machine's disk, or an S3-compatible bucket that every
 * shop process shares. Keys are `/`-separated paths (`uploads/sizes/x.avif`,
 * `private/certificates/y.pdf`); nothing here is public by itself, the routes decide who reads what.
 */
export interface ObjectStore {
  /** Where the keys live, for logs and the owner: a folder or `s3://bucket/`, a key appended. */
  readonly location: string;
  /** Throws, saying what is wrong, when the store cannot be used (checked at start). */
  check(): Promise<void>;
  /** Stores the bytes whole: a reader sees the old object, none, or all of the new one. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  read(key: string): Promise<Buffer | undefined>;
  open(key: string): Promise<OpenedObject | undefined>;
  /** The object's size in bytes; undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Removes the object; one already gone is fine. */
  delete(key: string): Promise<void>;
  close(): void;
}

/** Letters, digits, `.`, `_`, `-` in `/`-separated segments; never `.` or `..` alone. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Whether a key is one this shop could have written. A request's path is checked with it before
 * it becomes a key, so `..` can neither climb out of a folder nor, through an S3 endpoint that
 * normalises paths, reach another prefix.
 */
export const isSafeKey = (key: string) =>
  key.length <= 512 && key.split('/').every((segment) => SEGMENT.test(segment));

export function checkedKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Today's layout: the key is a path under DATA_DIR, files 0600 in 0700 folders (decision 0018). */
export function createDiskStore(root: string): ObjectStore {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));
  const size = async (key: string) => {
    try {
      const stats = await stat(pathOf(key));
      return stats.isFile() ? stats.size : undefined;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  };
  return {
    location: root + sep,
    async check() {
      await mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE });
    },
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Written under a temporary name first: a file that exists is always complete.
      const partial = `${path}.${process.pid}.partial`;
      await writeFile(partial, bytes, { mode: PRIVATE_FILE_MODE });
      await rename(partial, path);
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async open(key) {
      const bytes = await size(key);
      return bytes === undefined ? undefined : { body: createReadStream(pathOf(key)), size: bytes };
    },
    size,
    async delete(key) {
      await unlink(pathOf(key)).catch((error: unknown) => {
        if (!missing(error)) throw error;
      });
    },
    close() {},
  };
}
