import { Link } from 'react-router';

export function Component() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-emerald-700">404</p>
      <h1 className="text-2xl font-bold">Página não encontrada</h1>
      <p className="text-slate-600">O endereço que você abriu não existe ou foi movido.</p>
      <div className="flex gap-3">
        <Link to="/" className="rounded-lg border border-slate-300 px-4 py-2 hover:bg-slate-100">Página inicial</Link>
        <Link to="/dashboard" className="rounded-lg bg-emerald-700 px-4 py-2 text-white hover:bg-emerald-800">Ir para o painel</Link>
      </div>
    </main>
  );
}
