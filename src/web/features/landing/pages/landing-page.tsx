import { Link } from 'react-router';
import { BarChart3, Calendar, CheckCircle2, ClipboardList, Trophy, UsersRound, Wallet } from 'lucide-react';

const FEATURES = [
  { icon: ClipboardList, title: 'Tarefas e desafios', text: 'Tarefas simples, quizzes, formulários, metas acumulativas, marcos com subtarefas e envios com aprovação.' },
  { icon: Trophy, title: 'Pontuação e ranking', text: 'Cada tarefa vale pontos. Rankings individuais e por unidade motivam a turma toda semana.' },
  { icon: UsersRound, title: 'Unidades', text: 'Organize os desbravadores em unidades com cores próprias e acompanhe cada equipe.' },
  { icon: Calendar, title: 'Períodos', text: 'Trimestres, campori, temporadas: compare a pontuação de cada período.' },
  { icon: Wallet, title: 'Financeiro', text: 'Caixas, cofres com metas e lançamentos com saldo sempre conferido.' },
  { icon: BarChart3, title: 'Relatórios', text: 'Receitas e despesas por mês, exportação em CSV e a evolução do clube.' },
];

// What the product does today, each verifiable in it. No testimonials or ratings: none were collected.
const FACTS = [
  { title: 'Chamada sem internet', text: 'A chamada aberta fica no celular; o que for marcado sem sinal é enviado quando a conexão volta.' },
  { title: 'Famílias com consentimento', text: 'Responsáveis aceitam o termo do clube (LGPD) e acompanham pontos, tarefas e badges de cada filho.' },
  { title: 'Dados de saúde protegidos', text: 'A ficha médica fica criptografada e cada leitura é registrada.' },
  { title: 'Seus dados com você', text: 'Cada pessoa baixa tudo o que o Trilha guarda sobre ela e pode excluir a própria conta.' },
];

export function Component() {
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
          <Link to="/" className="text-2xl font-bold text-emerald-800">Trilha</Link>
          <nav aria-label="Acesso" className="flex items-center gap-2">
            <Link to="/login" className="rounded-lg px-3 py-2 font-medium text-slate-800 hover:bg-slate-100">Entrar</Link>
            <Link to="/cadastro" className="rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800">Criar conta</Link>
          </nav>
        </div>
      </header>
      <main>
        <section className="bg-gradient-to-br from-emerald-50 via-white to-sky-50">
          <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:py-24">
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              O seu clube de Desbravadores, <span className="text-emerald-700">pontuando junto</span>
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
              Membros, unidades, tarefas com pontos, badges, rankings e finanças do clube em um só lugar.
            </p>
            <ul className="mx-auto mt-6 flex max-w-2xl flex-wrap justify-center gap-x-6 gap-y-2 text-slate-800">
              {['Cadastro grátis', 'Sem cartão de crédito', 'Pronto em 5 minutos'].map((p) => (
                <li key={p} className="flex items-center gap-2"><CheckCircle2 aria-hidden="true" className="h-5 w-5 text-emerald-700" /> {p}</li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/cadastro" className="rounded-lg bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800">Começar grátis</Link>
              <Link to="/login" className="rounded-lg border border-slate-300 bg-white px-6 py-3 text-lg font-semibold text-slate-800 hover:bg-slate-50">Já tenho conta</Link>
            </div>
          </div>
        </section>

        <section aria-labelledby="recursos" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="recursos" className="text-center text-3xl font-bold text-slate-900">Tudo o que o clube precisa</h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
                <Icon aria-hidden="true" className="h-8 w-8 text-emerald-700" />
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-slate-700">{text}</p>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="multi-clube" className="bg-emerald-900 text-white">
          <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-16 md:grid-cols-2">
            <div>
              <h2 id="multi-clube" className="text-3xl font-bold">Vários clubes, uma conta</h2>
              <p className="mt-4 text-emerald-50">
                Participa de mais de um clube? Troque de clube pela barra lateral. Cada clube tem seus próprios membros,
                tarefas, rankings e finanças, totalmente separados.
              </p>
            </div>
            <div className="flex justify-center gap-4" aria-hidden="true">
              {['ÁG', 'LE', 'FA'].map((s, i) => (
                <div key={s} className={`flex h-20 w-20 items-center justify-center rounded-2xl text-2xl font-bold ${['bg-sky-700', 'bg-amber-700', 'bg-pink-700'][i]}`}>
                  {s}
                </div>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="confianca" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="confianca" className="text-center text-3xl font-bold text-slate-900">Feito para a noite da reunião</h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {FACTS.map((f) => (
              <li key={f.title} className="flex gap-3 rounded-xl bg-slate-50 p-6">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
                <div>
                  <h3 className="font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-1 text-slate-700">{f.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="cta" className="bg-gradient-to-r from-emerald-700 to-sky-700">
          <div className="mx-auto max-w-4xl px-4 py-14 text-center text-white">
            <h2 id="cta" className="text-3xl font-bold">Comece hoje, de graça</h2>
            <p className="mt-3 text-emerald-50">Crie sua conta, cadastre o clube e veja a turma competir ainda nesta semana.</p>
            <Link to="/cadastro" className="mt-6 inline-block rounded-lg bg-white px-6 py-3 text-lg font-semibold text-emerald-800 hover:bg-emerald-50">
              Criar conta grátis
            </Link>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-700 sm:flex-row">
          <p>© {new Date().getFullYear()} Trilha — gestão de clubes com gamificação.</p>
          <nav aria-label="Rodapé" className="flex gap-4">
            <Link to="/login" className="underline">Entrar</Link>
            <Link to="/cadastro" className="underline">Criar conta</Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
