/**
 * `Content-Disposition: attachment` for a name the server chose. Only letters, digits, dots,
 * dashes and underscores are kept, so no quote, path or header break can come through.
 */
export function attachmentDisposition(filename: string): string {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${safe}"`;
}
