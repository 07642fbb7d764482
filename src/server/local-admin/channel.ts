/** Header the local commands (npm run seed:demo, superadmin, backup) send with DATA_DIR's token. */
export const LOCAL_ADMIN_HEADER = 'x-trilha-local-admin';
/** Where the running server answers those commands. */
export const LOCAL_ADMIN_PREFIX = '/api/local-admin';
