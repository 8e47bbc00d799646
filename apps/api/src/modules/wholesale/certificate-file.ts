import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../data-dir.ts';
import { join } from 'node:path';

export interface CertificateType {
  mimeType: 'application/pdf' | 'image/png' | 'image/jpeg';
  extension: '.pdf' | '.png' | '.jpg';
  label: string;
}

/** The file signatures of the three accepted types (a file's first bytes, whatever its name says). */
const SIGNATURES: Array<{ bytes: number[]; type: CertificateType }> = [
  {
    bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
    type: { mimeType: 'application/pdf', extension: '.pdf', label: 'PDF' },
  },
  {
    bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    type: { mimeType: 'image/png', extension: '.png', label: 'PNG image' },
  },
  {
    bytes: [0xff, 0xd8, 0xff],
    type: { mimeType: 'image/jpeg', extension: '.jpg', label: 'JPEG image' },
  },
];

/** The certificate's type judged by its content, or null when it is none of PDF, PNG or JPEG. */
export function detectCertificateType(content: Uint8Array): CertificateType | null {
  const match = SIGNATURES.find(({ bytes }) =>
    bytes.every((byte, index) => content[index] === byte),
  );
  return match?.type ?? null;
}

/** Certificates live under the data directory, never under the public uploads folder. */
export const certificatesDir = (dataDir: string) => join(dataDir, 'private', 'certificates');

/** Writes the file under a random name, readable by this process's user only; returns the name. */
export async function storeCertificate(
  dir: string,
  content: Uint8Array,
  type: CertificateType,
): Promise<string> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const name = `${randomUUID()}${type.extension}`;
  await writeFile(join(dir, name), content, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  return name;
}

/** Removes a stored certificate whose application could not be saved; a missing file is fine. */
export async function discardCertificate(dir: string, name: string): Promise<void> {
  await unlink(join(dir, name)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
