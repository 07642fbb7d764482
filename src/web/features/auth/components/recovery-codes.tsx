import toast from 'react-hot-toast';
import { Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { saveFile } from '../../../lib/download';

/** The recovery codes, shown once right after they are made, with copy and download. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Códigos de recuperação do Trilha (cada um vale uma vez)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Códigos copiados');
    } catch {
      toast.error('Não foi possível copiar. Selecione os códigos e copie manualmente.');
    }
  };
  const download = () => {
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'trilha-codigos-de-recuperacao.txt');
  };
  return (
    <section aria-labelledby="recovery-title" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id="recovery-title" className="font-semibold text-amber-950">Códigos de recuperação</h3>
      <p className="text-sm text-amber-950">
        Guarde estes códigos em lugar seguro. Se perder o celular, cada código permite entrar uma vez. Eles não serão mostrados de novo.
      </p>
      <ul aria-label="Códigos de recuperação" className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center text-slate-900">{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" icon={<Copy aria-hidden="true" className="h-4 w-4" />} onClick={() => void copy()}>Copiar códigos</Button>
        <Button variant="secondary" size="sm" icon={<Download aria-hidden="true" className="h-4 w-4" />} onClick={download}>Baixar códigos</Button>
        <Button size="sm" onClick={onDone}>Já guardei os códigos</Button>
      </div>
    </section>
  );
}
