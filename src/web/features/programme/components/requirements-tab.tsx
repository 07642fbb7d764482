import { useState } from 'react';
import type { TCatalogue, TProgramme } from '@shared/programme';
import { Button } from '../../../components/ui/button';
import { ItemPicker } from './item-picker';
import { ItemInstructorsPanel } from './instructors-panel';
import { RequirementsEditor } from './requirements-editor';
import { RequirementsExportLinks, RequirementsImportModal } from './requirements-import';

/** The Requisitos tab: a class's or specialty's requisitos, its instructors, import and export. */
export function RequirementsTab({ clubId, catalogue, programmes, canManage }: { clubId: string; catalogue: TCatalogue; programmes: TProgramme[]; canManage: boolean }) {
  const [item, setItem] = useState('AMIGO');
  const [importing, setImporting] = useState(false);
  return (
    <div className="space-y-3">
      {canManage ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 p-3">
          <Button variant="secondary" onClick={() => setImporting(true)}>Importar CSV ou JSON</Button>
          {item ? <RequirementsExportLinks clubId={clubId} itemCode={item} /> : null}
          <RequirementsImportModal clubId={clubId} open={importing} onClose={() => setImporting(false)} />
        </div>
      ) : null}
      <ItemPicker catalogue={catalogue} programmes={programmes} value={item} onChange={setItem} />
      {item && canManage ? <ItemInstructorsPanel clubId={clubId} itemCode={item} itemName={catalogue.items.find((i) => i.code === item)?.name ?? item} /> : null}
      {item ? <RequirementsEditor key={item} clubId={clubId} itemCode={item} catalogue={catalogue} canManage={canManage} /> : null}
    </div>
  );
}
