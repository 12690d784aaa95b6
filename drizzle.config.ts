import { defineConfig } from 'drizzle-kit';

// Tables are unqualified: the same migrations run in a PGlite database per company
// or in one PostgreSQL schema per company (search_path set on the connection).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
