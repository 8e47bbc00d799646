import { readCookie } from './browser-fetch.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * POSTs a multipart body with upload progress (spec §7 "with progress events"): fetch cannot
 * report upload progress, XMLHttpRequest's `upload.onprogress` can. Same-origin with the session
 * cookie and the XSRF double submit, like `browserApiFetch`; answers a `Response` so callers read
 * it the same way, and rejects with a TypeError when the network fails, as fetch does.
 */
export function browserUpload(
  path: string,
  body: FormData,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    const token = readCookie('XSRF-TOKEN');
    if (token) request.setRequestHeader('x-xsrf-token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      const status = request.status;
      const hasBody = status !== 204 && status !== 304;
      const headers = new Headers();
      const type = request.getResponseHeader('content-type');
      if (type) headers.set('content-type', type);
      resolve(
        new Response(hasBody ? request.responseText : null, {
          status,
          statusText: request.statusText,
          headers,
        }),
      );
    };
    request.onerror = () => reject(new TypeError('The upload could not reach the shop.'));
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
