export interface SecretFinding {
  name: string;
  index: number;
  /** The text around the secret, with the secret itself redacted. */
  excerpt: string;
}
export const SECRET_SHAPES: { name: string; pattern: RegExp }[];
export function redact(secret: string): string;
export function findSecrets(
  text: string,
  knownValues?: { name: string; value: string | undefined }[],
): SecretFinding[];
