import { toast } from 'react-hot-toast';

/** Runs a mutation and shows the spec's success or error toast; true when it worked (the modal may close). */
export async function withToast(action: () => Promise<unknown>, messages: { success?: string; error: string }): Promise<boolean> {
  try {
    await action();
    if (messages.success) toast.success(messages.success);
    return true;
  } catch {
    toast.error(messages.error);
    return false;
  }
}
