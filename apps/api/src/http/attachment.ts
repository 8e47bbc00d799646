const safeFilename = (filename: string) => filename.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * `Content-Disposition: attachment` for a name the server chose. Only letters, digits, dots,
 * dashes and underscores are kept, so no quote, path or header break can come through.
 */
export function attachmentDisposition(filename: string): string {
  return `attachment; filename="${safeFilename(filename)}"`;
}

/** `Content-Disposition: inline`: the browser shows the file (a PDF) under this name if saved. */
export function inlineDisposition(filename: string): string {
  return `inline; filename="${safeFilename(filename)}"`;
}
