import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The centred card of /login and /register with the brand and a way back home. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-emerald-50 to-sky-50 px-4 py-10">
      <div className="w-full max-w-md">
        <Link to="/" className="mb-6 block text-center text-3xl font-bold text-emerald-800">Trilha</Link>
        <div className="rounded-2xl bg-white p-6 shadow-lg sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mb-6 mt-1 text-slate-600">{subtitle}</p>
          {children}
        </div>
        <div className="mt-6 space-y-2 text-center text-sm text-slate-700">{footer}</div>
      </div>
    </main>
  );
}
