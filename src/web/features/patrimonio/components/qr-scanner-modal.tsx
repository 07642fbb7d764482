import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/modal';

/** The browser's own QR reader (Chromium on Android, Safari 17+); jsQR on a canvas elsewhere. */
interface Detector { detect: (source: CanvasImageSource) => Promise<Array<{ rawValue: string }>> }
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

async function makeDecoder(video: HTMLVideoElement): Promise<() => Promise<string | null>> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats = Native ? await Native.getSupportedFormats?.().catch(() => [] as string[]) : [];
  if (Native && (!formats || formats.includes('qr_code'))) {
    const detector = new Native({ formats: ['qr_code'] });
    return async () => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async () => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!ctx || w === 0 || h === 0) return null;
    canvas.width = w;
    canvas.height = h;
    ctx.drawImage(video, 0, 0, w, h);
    return jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/**
 * The camera in the app: the back camera in a video, a frame read every 250 ms until a QR is found; the
 * camera is released on close. Without a camera (or permission) it says so: the list stays as it was.
 */
export function QrScannerModal({ title, onCode, onClose }: { title: string; onCode: (code: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useRef(onCode);
  found.current = onCode;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let alive = true;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('Este navegador não abre a câmera. Marque os itens na lista.');
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const el = video.current;
      if (!alive || !el) return;
      el.srcObject = stream;
      // Not awaited: play() settles only once a frame arrives (a camera still waking up, or one that never
      // sends); reading starts now and a frame not there yet reads as nothing.
      void el.play().catch(() => undefined);
      const decode = await makeDecoder(el);
      const tick = async () => {
        if (!alive) return;
        const code = await decode().catch(() => null);
        if (code && alive) { alive = false; found.current(code); return; }
        timer = window.setTimeout(() => void tick(), 250);
      };
      void tick();
    })().catch((e: unknown) => {
      if (!alive) return;
      const name = (e as { name?: string }).name;
      setError(name === 'NotAllowedError' ? 'Sem permissão para usar a câmera. Libere a câmera no navegador ou marque os itens na lista.'
        : name === 'NotFoundError' ? 'Nenhuma câmera encontrada neste aparelho. Marque os itens na lista.'
          : e instanceof Error && e.message.startsWith('Este navegador') ? e.message : 'Não foi possível abrir a câmera. Marque os itens na lista.');
    });
    return () => {
      alive = false;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <Modal open title={title} onClose={onClose} footer={<Button variant="secondary" onClick={onClose}>Fechar</Button>}>
      <div className="space-y-2">
        {error ? <p role="alert" className="text-sm text-red-700">{error}</p> : (
          <>
            <video ref={video} muted playsInline aria-label="Imagem da câmera" className="aspect-square w-full rounded-lg bg-slate-900 object-cover" />
            <p className="text-sm text-slate-700">Aponte a câmera para a etiqueta QR do item.</p>
          </>
        )}
      </div>
    </Modal>
  );
}
