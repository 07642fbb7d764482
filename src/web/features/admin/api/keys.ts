/** Query keys of the super admin area; every admin mutation refreshes everything under ADMIN_KEY. */
export const ADMIN_KEY = ['admin'] as const;
