import { fileURLToPath } from 'node:url';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
export const MIGRATIONS_TABLE = '__drizzle_migrations';
