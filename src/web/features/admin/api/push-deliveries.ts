import { queryOptions } from '@tanstack/react-query';
import type { TPushDeliveryIssue } from '@shared/notifications';
import { api } from '@web/lib/api';
import { ADMIN_KEY } from './keys';

/** Pushes that failed or wait for a retry, newest first (the 100 most recent). */
export const pushIssuesQuery = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'push-deliveries'], queryFn: () => api<TPushDeliveryIssue[]>('GET', '/api/admin/push-deliveries') });
