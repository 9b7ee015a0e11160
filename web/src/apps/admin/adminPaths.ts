/**
 * The back office's paths, for its route file and the dashboard's home (route files may not import `paths.ts`):
 * its home is the list of companies, where an administrator without a typology lands.
 */
export const ADMIN_HOME = '/admin';
export const ADMIN_USERS = `${ADMIN_HOME}/utilisateurs`;

/** One company (`/admin/societes/12`). */
export const adminCompanyPath = (databaseId: number) => `${ADMIN_HOME}/societes/${databaseId}`;

/** One account (`/admin/utilisateurs/7`). */
export const adminUserPath = (databaseId: number) => `${ADMIN_USERS}/${databaseId}`;
