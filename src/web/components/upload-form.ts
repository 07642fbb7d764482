import { useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '@web/lib/api';

/**
 * A form that sends text fields and one file as multipart (a document for the pasta, a letter received):
 * the fields checked by the server's zod schema (its pt-BR messages, the first per field), the file
 * required and under the size limit, then one send; what the server refuses shows above the form.
 */
export function useUploadForm<F extends Record<string, string>>(o: {
  initial: F;
  schema: z.ZodType;
  maxBytes: number;
  msg: { fileRequired: string; fileTooBig: string; saved: string };
  /** The message shown when the send fails without a pt-BR one of the server's. */
  fallback: string;
  send: (body: FormData) => Promise<unknown>;
  onDone: () => void;
  /** A message of the schema to show in other words for this form (a shared schema names the field for another use). */
  reword?: (message: string, field: string) => string;
}) {
  const [fields, setFields] = useState<F>(o.initial);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (name: keyof F, value: string) => setFields((f) => ({ ...f, [name]: value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = o.schema.safeParse(fields);
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const i of parsed.error.issues) {
        const field = String(i.path[0]);
        next[field] ??= o.reword ? o.reword(i.message, field) : i.message;
      }
    }
    if (!file) next.file = o.msg.fileRequired;
    else if (file.size > o.maxBytes) next.file = o.msg.fileTooBig;
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append('file', file);
    try {
      await o.send(body);
      toast.success(o.msg.saved);
      o.onDone();
    } catch (err) {
      setFailure(errorMessage(err, o.fallback));
    }
  };
  return { fields, set, file, setFile, errors, failure, submit };
}
