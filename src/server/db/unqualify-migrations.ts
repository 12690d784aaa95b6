// drizzle-kit writes REFERENCES "public"."x"; our migrations must stay unqualified so that
// search_path picks the company schema. Run after `drizzle-kit generate`:
//   npx drizzle-kit generate && npx tsx src/server/db/unqualify-migrations.ts
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pasta = fileURLToPath(new URL('./migrations', import.meta.url));

export function unqualifyMigrations(folder = pasta): string[] {
  const alterados: string[] = [];
  for (const nome of readdirSync(folder).filter((f) => f.endsWith('.sql'))) {
    const arquivo = join(folder, nome);
    const antes = readFileSync(arquivo, 'utf8');
    const depois = antes.replaceAll('"public".', '');
    if (depois !== antes) {
      writeFileSync(arquivo, depois);
      alterados.push(nome);
    }
  }
  return alterados;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const alterados = unqualifyMigrations();
  console.log(alterados.length ? `Migrações ajustadas: ${alterados.join(', ')}` : 'Nenhuma migração a ajustar.');
}
