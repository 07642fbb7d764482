import type { TApiErrorBody } from '@shared/errors';
import { OFFLINE_API_CACHE, ROLL_CALL_API_PATTERN } from './offline/roll-call-api';

/** An API failure; message is the server's pt-BR text (or the fallback given by the caller). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
    /** The request's id in the server's logs (X-Request-Id): what support asks for. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** Sent on every request: the server refuses writes without it (or a same-origin Origin). */
export const CLIENT_HEADER = { 'x-trilha-client': 'web' };

export async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) {
    const err = (data as TApiErrorBody | undefined)?.error;
    // The club requires two-step verification of its admins and treasurers: lead them to enrol.
    if (err?.code === 'mfa_enrolment_required' && typeof window !== 'undefined' && !window.location.pathname.startsWith('/dashboard/seguranca')) {
      window.location.assign('/dashboard/seguranca?exigido=1');
    }
    throw new ApiError(err?.message ?? 'Erro inesperado. Tente novamente.', res.status, err?.code ?? 'unknown', err?.details, res.headers.get('x-request-id') ?? err?.request_id);
  }
  return data as T;
}

export const networkError = () => new ApiError('Sem conexão com o servidor. Verifique sua internet.', 0, 'network');

/** The browser says there is no network at all (airplane mode, no Wi-Fi): no request can succeed. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A GET while the browser knows it is offline: the copy the service worker kept answers at once, or
 * the read fails at once as a network failure (which the offline readers handle). No request, so no
 * wait for the worker's network timeout.
 */
async function readOffline(path: string): Promise<Response> {
  const url = new URL(path, typeof location === 'undefined' ? 'http://localhost/' : location.href).href;
  if (typeof caches !== 'undefined' && ROLL_CALL_API_PATTERN.test(url)) {
    const cache = await caches.open(OFFLINE_API_CACHE).catch(() => null);
    const kept = await cache?.match(url, { ignoreVary: true }).catch(() => undefined);
    if (kept) return kept;
  }
  throw networkError();
}

/** JSON request to the Trilha API. Throws ApiError with the server's message on failure. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  if (method === 'GET' && browserOffline()) return parse<T>(await readOffline(path));
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { ...CLIENT_HEADER, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw networkError();
  }
  return parse<T>(res);
}

/** Multipart upload (files) to the Trilha API. */
export async function apiUpload<T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method, credentials: 'same-origin', headers: CLIENT_HEADER, body: form });
  } catch {
    throw networkError();
  }
  return parse<T>(res);
}

/** The message to show for an error: the server's, or the screen's fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : fallback;
}
