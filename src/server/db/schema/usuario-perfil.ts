import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { perfil } from './perfil';
import { usuario } from './usuario';

export const usuarioPerfil = pgTable(
  'usuario_perfil',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    perfilId: integer('perfil_id')
      .notNull()
      .references(() => perfil.id),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.perfilId] }), index('usuario_perfil_perfil_idx').on(t.perfilId)],
);
