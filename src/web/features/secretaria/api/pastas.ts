import { useMutation, useQuery } from '@tanstack/react-query';
import type { TPasta, TPastaDocument, TPastaSummary, TRemoveDocument } from '@shared/secretaria-pasta';
import { api, apiUpload } from '@web/lib/api';
import { apiDownload, saveFile } from '@web/lib/download';
import { useSecretariaMutation } from './atas';
import { secretariaKey, secretariaPath } from './keys';

export const usePastas = (clubId: string) =>
  useQuery({ queryKey: secretariaKey(clubId, 'pastas'), queryFn: () => api<TPastaSummary[]>('GET', secretariaPath(clubId, '/pastas')) });

/** A member's pasta (by their member id or profile id); a guardian reads it through /familia. */
export const usePasta = (clubId: string, memberId: string) =>
  useQuery({ queryKey: secretariaKey(clubId, 'pasta', memberId), queryFn: () => api<TPasta>('GET', secretariaPath(clubId, `/pastas/${memberId}`)), retry: false });

export const useChildPasta = (memberId: string) =>
  useQuery({ queryKey: ['familia', 'pasta', memberId], queryFn: () => api<TPasta>('GET', `/api/family/children/${memberId}/pasta`), retry: false });

export const documentHref = (clubId: string, memberId: string, documentId: string) => secretariaPath(clubId, `/pastas/${memberId}/documentos/${documentId}/arquivo`);
export const childDocumentHref = (memberId: string, documentId: string) => `/api/family/children/${memberId}/pasta/documentos/${documentId}/arquivo`;

/** 'Exportar pasta (.zip)': everything about the member, with the documents' files; the server audits the export and each document. */
export const useExportPasta = (clubId: string, memberId: string) =>
  useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiDownload(secretariaPath(clubId, `/pastas/${memberId}/export`), `pasta-${memberId}.zip`);
      saveFile(blob, fileName);
    },
  });

/** A document for the pasta: kind, description, who may see it and the file, multipart. */
export const useUploadDocument = (clubId: string, memberId: string) =>
  useSecretariaMutation(clubId, (form: FormData) => apiUpload<TPastaDocument>(secretariaPath(clubId, `/pastas/${memberId}/documentos`), form));

export const useRemoveDocument = (clubId: string, memberId: string) =>
  useSecretariaMutation(clubId, ({ id, input }: { id: string; input: TRemoveDocument }) =>
    api<TPastaDocument>('POST', secretariaPath(clubId, `/pastas/${memberId}/documentos/${id}/remove`), input));
