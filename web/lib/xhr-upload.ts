/**
 * The XMLHttpRequest transport of `apiUpload` (web/lib/api.ts), for the upload progress fetch does not
 * report. Its own module, loaded with the first upload: only the portal's editors send files, so the
 * public pages' first load does without it (docs/decisions/057). Resolves the answer whatever its
 * status; rejects with what went wrong on the way (network, timeout, abort).
 */
export function xhrUpload(
  url: string,
  form: FormData,
  options: { token?: string; timeoutMs: number; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs;
    xhr.setRequestHeader('accept', 'application/json');
    if (options.token) xhr.setRequestHeader('authorization', `Bearer ${options.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.responseText || null, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.ontimeout = () => reject(new DOMException('The request timed out.', 'TimeoutError'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
