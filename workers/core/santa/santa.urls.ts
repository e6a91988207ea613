/** The Secret Santa page (client-safe). */
export const SANTA_PATH = "/secret-santa";
export const SANTA_ADMIN_PATH = "/admin/secret-santa";
