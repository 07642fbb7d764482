import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '@shared/settings';

/** Logos are stored at most this wide and tall (issue 19): a phone photo becomes a small file. */
export const LOGO_MAX_SIDE = 512;

/** Thrown when the browser cannot open the file as an image. */
export class NotAnImageError extends Error {}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Opens any image the browser can decode (JPEG, PNG, WebP, GIF, HEIC where supported), turns it
 * upright by its EXIF orientation, and scales it into 512 × 512 before upload. Small files of a type
 * the server accepts go as they are (an animated GIF stays animated). PNG stays PNG (transparency),
 * everything else becomes JPEG.
 */
export async function prepareLogo(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new NotAnImageError();
  }
  try {
    const accepted = (LOGO_MIME_TYPES as readonly string[]).includes(file.type);
    if (accepted && file.size <= LOGO_MAX_BYTES && bitmap.width <= LOGO_MAX_SIDE && bitmap.height <= LOGO_MAX_SIDE) return file;
    const scale = Math.min(1, LOGO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new NotAnImageError();
    const png = file.type === 'image/png';
    if (!png) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const type = png ? 'image/png' : 'image/jpeg';
    const blob = await canvasToBlob(canvas, type, png ? undefined : 0.88);
    if (!blob) throw new NotAnImageError();
    const base = file.name.replace(/\.[^.]*$/, '') || 'logo';
    return new File([blob], `${base}.${png ? 'png' : 'jpg'}`, { type });
  } finally {
    bitmap.close();
  }
}
