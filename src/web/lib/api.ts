import type { TApiErrorBody } from '@shared/errors';

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
const CLIENT_HEADER = { 'x-trilha-client': 'web' };

async function parse<T>(res: Response): Promise<T> {
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

/** JSON request to the Trilha API. Throws ApiError with the server's message on failure. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { ...CLIENT_HEADER, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('Sem conexão com o servidor. Verifique sua internet.', 0, 'network');
  }
  return parse<T>(res);
}

/** Multipart upload (files) to the Trilha API. */
export async function apiUpload<T>(path: string, form: FormData, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { method, credentials: 'same-origin', headers: CLIENT_HEADER, body: form });
  } catch {
    throw new ApiError('Sem conexão com o servidor. Verifique sua internet.', 0, 'network');
  }
  return parse<T>(res);
}

/** The message to show for an error: the server's, or the screen's fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : fallback;
}
