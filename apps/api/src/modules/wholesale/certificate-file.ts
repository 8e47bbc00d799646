import { randomUUID } from 'node:crypto';
import type { ObjectStore } from '../../storage/object-store.ts';

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

/**
 * Certificates are kept under this prefix of the store, never under the public `uploads/`: only
 * the owner's certificate route reads them (decision 0044).
 */
export const CERTIFICATES_FOLDER = 'private/certificates';
export const certificateKey = (name: string) => `${CERTIFICATES_FOLDER}/${name}`;

/** Stores the file under a random name; returns the name. */
export async function storeCertificate(
  store: ObjectStore,
  content: Uint8Array,
  type: CertificateType,
): Promise<string> {
  const name = `${randomUUID()}${type.extension}`;
  await store.put(certificateKey(name), content, type.mimeType);
  return name;
}
