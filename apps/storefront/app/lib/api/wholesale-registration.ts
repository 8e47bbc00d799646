import {
  apiPaths,
  wholesaleAddressField,
  type WholesaleApplication,
  type WholesaleApplicationResult,
} from '@larder/contract';
import { ApiError } from './api-error.ts';
import { browserUpload, type UploadProgress } from './browser-upload.ts';

/** The multipart body of `POST /wholesale-registration/`: the fields, the address as `address[field]`, the file as `certificate`. */
export function wholesaleFormData(application: WholesaleApplication, certificate: File): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(application)) {
    if (value === undefined) continue;
    if (key === 'address' && typeof value === 'object') {
      for (const [field, part] of Object.entries(value as Record<string, unknown>)) {
        if (typeof part === 'string') body.append(wholesaleAddressField(field), part);
      }
    } else {
      body.append(key, String(value));
    }
  }
  // The file goes last, so the server has every field by the time the upload streams in.
  body.append('certificate', certificate, certificate.name);
  return body;
}

/**
 * Spec §7 `POST /wp-json/wc/v3/wholesale-registration/` with upload progress. A signed-in customer
 * applies for their own account (no password); a visitor's application creates one.
 */
export async function submitWholesaleApplication(
  application: WholesaleApplication,
  certificate: File,
  onProgress: (progress: UploadProgress) => void,
  upload: typeof browserUpload = browserUpload,
): Promise<WholesaleApplicationResult> {
  const path = apiPaths.wholesaleRegistration;
  const response = await upload(path, wholesaleFormData(application, certificate), onProgress);
  if (!response.ok) throw await ApiError.fromResponse(response, path);
  return (await response.json()) as WholesaleApplicationResult;
}
