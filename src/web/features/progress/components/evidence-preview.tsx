import { Download, FileText } from 'lucide-react';
import { evidenceUrl } from '../api/list-submissions';

/** Shows the evidence inline when the browser can (image, video), otherwise a link; always downloadable. */
export function EvidencePreview({ clubId, submission }: { clubId: string; submission: { id: string; evidence_mime: string; evidence_name: string } }) {
  const src = evidenceUrl(clubId, submission.id);
  return (
    <div className="space-y-2">
      {submission.evidence_mime.startsWith('image/') ? (
        <a href={src} target="_blank" rel="noreferrer" className="block">
          <img src={src} alt={`Comprovação: ${submission.evidence_name}`} className="max-h-64 rounded-lg border border-slate-200 object-contain" loading="lazy" />
        </a>
      ) : submission.evidence_mime.startsWith('video/') ? (
        <video src={src} controls preload="metadata" className="max-h-64 w-full rounded-lg border border-slate-200" aria-label={`Comprovação: ${submission.evidence_name}`} />
      ) : (
        <a href={src} target="_blank" rel="noreferrer" className="inline-flex items-center gap-2 text-emerald-800 underline">
          <FileText aria-hidden="true" className="h-4 w-4" /> {submission.evidence_name}
        </a>
      )}
      <a href={evidenceUrl(clubId, submission.id, true)} className="inline-flex items-center gap-1 text-sm text-slate-700 underline" download={submission.evidence_name}>
        <Download aria-hidden="true" className="h-4 w-4" /> Baixar arquivo
      </a>
    </div>
  );
}
