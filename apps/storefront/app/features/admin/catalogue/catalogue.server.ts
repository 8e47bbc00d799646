import {
  CATALOG_FILE_MAX_BYTES,
  CatalogFileFormatSchema,
  type CatalogFileFormat,
  type CatalogImportResult,
} from '@larder/contract';
import { data } from 'react-router';
import { ApiError } from '../../../lib/api/index.ts';
import type { ApiFetch } from '../../../load-context.ts';
import { ownerApi } from '../require-owner.server.ts';
import { postedText } from '../run-action.server.ts';

/** A check or an import: what it did (or would do), or every problem the file has. */
export type CatalogueResult =
  | { ok: true; message: string; summary: CatalogImportResult; fileName: string }
  | {
      ok: false;
      message: string;
      /** Where and what, one per problem (the API's `data.params`). */
      issues: { where: string; message: string }[];
      fileName: string;
    };

const refusedFile = (message: string, where: string, fileName = '') =>
  data<CatalogueResult>(
    { ok: false, message, issues: [{ where, message }], fileName },
    { status: 400 },
  );

/**
 * The export links' target: the API's attachment handed to the browser as it came (the owner's
 * session cookie stays between the browser and this server).
 */
export async function exportCatalogue(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const parsed = CatalogFileFormatSchema.safeParse(new URL(request.url).searchParams.get('format'));
  const format: CatalogFileFormat = parsed.success ? parsed.data : 'json';
  const file = await api.exportCatalog(format);
  return new Response(file.body, {
    headers: {
      'content-type': file.headers.get('content-type') ?? 'application/octet-stream',
      'content-disposition': file.headers.get('content-disposition') ?? 'attachment',
      'cache-control': 'private, no-store',
    },
  });
}

const formatOf = (chosen: string, fileName: string): CatalogFileFormat => {
  const parsed = CatalogFileFormatSchema.safeParse(chosen);
  if (parsed.success) return parsed.data;
  return fileName.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
};

/**
 * "Check file" (`intent=check`) asks the API for a dry run; "Import" (`intent=import`) sends the
 * same file again to be written. Either way the API checks the whole file first, so an import
 * without a check is just as safe: the check only shows what will change before it does.
 */
export async function importCatalogue(request: Request, apiFetch: ApiFetch) {
  const api = await ownerApi(request, apiFetch);
  const formData = await request.formData();
  const file = formData.get('file');
  if (!(file instanceof File) || file.size === 0) {
    return refusedFile('Choose a catalog file (.csv or .json) first.', 'file');
  }
  if (file.size > CATALOG_FILE_MAX_BYTES) {
    return refusedFile(
      `${file.name} is larger than ${CATALOG_FILE_MAX_BYTES / 1024 / 1024} MB.`,
      'file',
      file.name,
    );
  }
  const format = formatOf(postedText(formData, 'format'), file.name);
  const dryRun = postedText(formData, 'intent') !== 'import';
  try {
    const summary = await api.importCatalog(await file.text(), format, dryRun);
    const counts = `${summary.created} new, ${summary.updated} changed, ${summary.unchanged} unchanged`;
    const message = dryRun
      ? `${file.name} is ready to import: ${counts}. Nothing has been changed yet.`
      : `${file.name} was imported: ${counts}.`;
    return data<CatalogueResult>({ ok: true, message, summary, fileName: file.name });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const issues = Object.entries(error.params ?? {}).map(([where, message]) => ({
      where,
      message,
    }));
    return data<CatalogueResult>(
      {
        ok: false,
        message: `${file.name} was not imported: ${error.message}`,
        issues,
        fileName: file.name,
      },
      { status: error.status },
    );
  }
}
