import { CLIENT_HEADER, networkError, parse } from './api';

// Downloads live apart from lib/api.ts: that module is on the first screen (/login), these are not.

/**
 * A file from the Trilha API (an export): its bytes and the name the server gave it in
 * Content-Disposition. A failure throws ApiError with the server's pt-BR message, as `api` does.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', headers: CLIENT_HEADER });
  } catch {
    throw networkError();
  }
  if (!res.ok) return parse(res);
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    // The connection dropped half-way through the archive.
    throw networkError();
  }
  return { blob, fileName: named?.[1] ?? fallbackName };
}

/** Hands a file made or fetched in the page to the browser's downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // Some browsers start the download after click() returns: let go of the bytes a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

