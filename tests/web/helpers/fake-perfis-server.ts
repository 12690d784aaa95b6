import type { PerfilSalvo } from '../../../src/contracts/perfis';
import { json, rota, type Chamada } from './fetch-stub';
import { pagina, perfil } from './fixtures';

/** An in-memory /perfis with the server's search rules: descricao~ (contains) and ativado. */
export function fakePerfisServer(iniciais: PerfilSalvo[] = [perfil(1, 'Administração', { roles: ['____PERF_M', '____USER_M'] }), perfil(2, 'Comercial'), perfil(3, 'Antigo', { ativado: false })]) {
  const perfis = [...iniciais];
  let proximo = 100;
  const listar = (c: Chamada) => {
    const q = new URL(c.url, 'http://x').searchParams;
    const search = q.get('search') ?? '';
    const texto = /descricao~([^;]*)/.exec(search)?.[1]?.toLowerCase();
    const todos = search.includes('ativado=in=(true,false)');
    const [, direcao] = (q.get('sort') ?? 'descricao,asc').split(',');
    const achados = perfis
      .filter((p) => (todos ? true : p.ativado) && (!texto || p.descricao.toLowerCase().includes(texto)))
      .sort((a, b) => a.descricao.localeCompare(b.descricao) * (direcao === 'desc' ? -1 : 1));
    return json(pagina(achados, Number(q.get('page') ?? 0), Number(q.get('size') ?? 50)));
  };
  const rotas = [
    rota('GET', '/api/perfis', listar),
    rota('GET', /^\/api\/perfis\/\d+$/, (c) => {
      const p = perfis.find((x) => x.id === Number(c.url.split('/').pop()));
      return p ? json(p) : json({ mensagens: ['Perfil não encontrado.'] }, 404);
    }),
    rota('POST', '/api/perfis', (c) => {
      const corpo = c.body as PerfilSalvo;
      if (corpo.id) {
        const i = perfis.findIndex((p) => p.id === corpo.id);
        perfis[i] = { ...corpo, versao: perfis[i].versao + 1 };
        return json(perfis[i]);
      }
      const novo = { ...corpo, id: proximo++, versao: 0 };
      perfis.push(novo);
      return json(novo);
    }),
    rota('DELETE', /^\/api\/perfis\/\d+$/, (c) => {
      const p = perfis.find((x) => x.id === Number(c.url.split('/').pop()));
      if (p) p.ativado = false;
      return new Response(null, { status: 204 });
    }),
  ];
  return { perfis, rotas };
}
