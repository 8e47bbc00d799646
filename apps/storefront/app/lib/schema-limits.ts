import type { z } from 'zod';

/**
 * The most characters a string schema accepts (read through a pipe to its input side), so code that
 * hands typed text back can keep to it. Throws for a schema without `.max()`: nothing unbounded.
 */
export function maxLengthOf(schema: z.ZodType): number {
  const piped = (schema as { in?: z.ZodType }).in;
  if (piped) return maxLengthOf(piped);
  const max = (schema as { maxLength?: number | null }).maxLength;
  if (typeof max !== 'number') throw new Error('maxLengthOf needs a string schema with .max()');
  return max;
}
