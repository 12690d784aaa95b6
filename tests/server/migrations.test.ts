import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrations-folder';

// Pure file checks: the same SQL must run in a PGlite database and in any PostgreSQL schema.
describe('migrations', () => {
  const arquivos = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));

  it('never qualify tables with a schema (run src/server/db/unqualify-migrations.ts after drizzle-kit)', () => {
    for (const arquivo of arquivos) expect(readFileSync(`${MIGRATIONS_FOLDER}/${arquivo}`, 'utf8'), arquivo).not.toMatch(/"public"\./);
  });

  it('are all listed in the journal', () => {
    const diario = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
    expect(diario.entries.map((e) => `${e.tag}.sql`)).toEqual(arquivos.sort());
  });
});
