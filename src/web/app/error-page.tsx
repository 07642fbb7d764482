import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../lib/api';
import { takeOverFirstPaint } from '../lib/first-paint';

/** The router's error screen (spec 2: 'Unexpected Application Error!' followed by the message). */
export function RouteErrorPage() {
  const error = useRouteError();
  // A first screen that failed to load leaves no ahead-of-time page above its error.
  useLayoutEffect(() => takeOverFirstPaint(), []);
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-bold text-red-800">Unexpected Application Error!</h1>
      <p className="mt-3 font-mono text-slate-800">{message}</p>
      {error instanceof ApiError && error.requestId ? (
        <p className="mt-2 text-sm text-slate-700">Código do erro: <span className="font-mono select-all">{error.requestId}</span></p>
      ) : null}
      <a href="/dashboard" className="mt-6 inline-block text-emerald-800 underline">Voltar ao painel</a>
    </main>
  );
}
