/** The admin password the test databases are seeded with (harness and the PostgreSQL models). */
export const SENHA_ADMIN_TESTE = 'admin-teste';
