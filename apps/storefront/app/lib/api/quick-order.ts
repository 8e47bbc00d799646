import { quickOrderApiPaths, type QuickOrderImport } from '@larder/contract';
import type { ApiFetch } from '../../load-context.ts';
import { ApiError } from './api-error.ts';
import { browserApiFetch } from './browser-fetch.ts';

/** `POST …/wholesale/quick-order/import`: a buyer's order sheet read into catalogue lines. */
export async function importQuickOrderFile(
  csv: string,
  fetcher: ApiFetch = browserApiFetch,
): Promise<QuickOrderImport> {
  const path = quickOrderApiPaths.importFile;
  const response = await fetcher(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ csv }),
  });
  if (!response.ok) throw await ApiError.fromResponse(response, path);
  return (await response.json()) as QuickOrderImport;
}
