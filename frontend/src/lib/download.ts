import { ApiError } from './api';

/** The file name a Content-Disposition header names, else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Downloads a same-origin file the API answers as an attachment (the session cookie goes along),
 * so a failure can be shown as a toast instead of a download of the error body.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch {
    throw new ApiError('Could not reach DineBuds. Check your connection and try again.', 0, undefined);
  }
  if (!response.ok) {
    const text = await response.text();
    let message = `Request failed with status ${response.status}`;
    try {
      const body = JSON.parse(text) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) message = body.message;
    } catch {
      // not JSON
    }
    throw new ApiError(message, response.status, text);
  }
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
