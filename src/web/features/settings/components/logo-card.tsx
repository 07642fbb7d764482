import { useRef, useState } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import type { TClub } from '@shared/clubs';
import { LOGO_MAX_BYTES, SETTINGS_MSG } from '@shared/settings';
import { NotAnImageError, prepareLogo } from '../resize-logo';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api';
import { useRemoveLogo } from '../api/remove-logo';
import { useUploadLogo } from '../api/upload-logo';

/** Logo upload and removal. The browser checks type and size first; the server checks the bytes. */
export function LogoCard({ club, canEdit }: { club: TClub; canEdit: boolean }) {
  const upload = useUploadLogo(club.id);
  const remove = useRemoveLogo(club.id);
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // HEIC often comes without a type: the browser's decoder, not the name, decides what is an image.
    if (file.type && !file.type.startsWith('image/')) return void toast.error(SETTINGS_MSG.notImage);
    let logo: File;
    try {
      logo = await prepareLogo(file);
    } catch (err) {
      return void toast.error(err instanceof NotAnImageError ? SETTINGS_MSG.notImage : SETTINGS_MSG.uploadError);
    }
    if (logo.size > LOGO_MAX_BYTES) return void toast.error(SETTINGS_MSG.tooLarge);
    try {
      await upload.mutateAsync(logo);
      toast.success(SETTINGS_MSG.logoUploaded);
    } catch (err) {
      toast.error(errorMessage(err, SETTINGS_MSG.uploadError));
    }
  };

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      toast.success(SETTINGS_MSG.logoRemoved);
      setConfirming(false);
    } catch (err) {
      toast.error(errorMessage(err, SETTINGS_MSG.removeError));
    }
  };

  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">Logo do clube</h2>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        {club.logo_url ? (
          <img src={club.logo_url} alt={`Logo do ${club.name}`} className="h-24 w-24 rounded-xl border border-slate-200 object-cover" />
        ) : (
          <div className="flex h-24 w-24 items-center justify-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-600">Sem logo</div>
        )}
        {canEdit ? (
          <div className="space-y-2">
            <input ref={input} id="logo-file" type="file" accept="image/*" aria-label="Arquivo do logo" tabIndex={-1} className="sr-only" onChange={(e) => void onFile(e.target.files?.[0])} />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" icon={<ImageUp aria-hidden="true" className="h-4 w-4" />} loading={upload.isPending} onClick={() => input.current?.click()}>
                {club.logo_url ? 'Trocar logo' : 'Enviar logo'}
              </Button>
              {club.logo_url ? (
                <Button variant="ghost" icon={<Trash2 aria-hidden="true" className="h-4 w-4" />} onClick={() => setConfirming(true)}>Remover logo</Button>
              ) : null}
            </div>
            <p className="text-xs text-slate-600">Uma foto do celular serve: a imagem é reduzida para no máximo 512 × 512 antes do envio.</p>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Remover logo"
        message={SETTINGS_MSG.confirmRemoveLogo}
        confirmLabel="Remover"
        loading={remove.isPending}
        onConfirm={() => void onRemove()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
