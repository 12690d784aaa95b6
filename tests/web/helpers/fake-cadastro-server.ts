import { json, rota, type Chamada } from './fetch-stub';
import { pagina } from './fixtures';

type Registro = { id: number; versao: number } & Record<string, unknown>;

/** Terms of a search expression that the fakes understand: campo~"x" / campo~x (contains), campo==x, campo:x. */
function filtrar<T extends Registro>(itens: T[], search: string | null): T[] {
  if (!search) return itens;
  const termos = search.split(';').filter((t) => !t.startsWith('(') && !t.includes('=in='));
  return itens.filter((r) =>
    termos.every((termo) => {
      const m = /^([\w.]+)(~|==|:)"?(.*?)"?$/.exec(termo);
      if (!m) return true;
      const [, campo, op, valor] = m;
      const atual = campo.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], r);
      const texto = String(atual ?? '').toLowerCase();
      return op === '~' ? texto.includes(valor.toLowerCase()) : texto === valor.toLowerCase();
    }),
  );
}

/** An in-memory generic service (spec 01 §7) at `base`: list with search/sort/page, read, save, delete. */
export function fakeCadastroServer<T extends Registro>(base: string, iniciais: T[], aoExcluir?: (r: T) => void, derivar: (r: T) => T = (r) => r) {
  const itens = [...iniciais];
  let proximo = 1000;
  const doId = (c: Chamada) => Number(c.url.split('?')[0].split('/').pop());
  const rotas = [
    rota('GET', base, (c) => {
      const q = new URL(c.url, 'http://x').searchParams;
      const [campo, direcao] = (q.get('sort') ?? 'id,asc').split(',');
      const achados = filtrar(itens, q.get('search')).sort((a, b) => String(a[campo] ?? '').localeCompare(String(b[campo] ?? '')) * (direcao === 'desc' ? -1 : 1));
      const size = Number(q.get('size') ?? 50);
      const page = Number(q.get('page') ?? 0);
      return json({ ...pagina(achados.slice(page * size, (page + 1) * size), page, size), totalElements: achados.length, totalPages: Math.max(1, Math.ceil(achados.length / size)) });
    }),
    rota('GET', new RegExp(`^${base}/\\d+$`), (c) => {
      const r = itens.find((x) => x.id === doId(c));
      return r ? json(r) : json({ mensagens: ['Registro não encontrado.'] }, 404);
    }),
    rota('POST', base, (c) => {
      const corpo = c.body as T;
      if (corpo.id) {
        const i = itens.findIndex((p) => p.id === corpo.id);
        itens[i] = derivar({ ...itens[i], ...corpo, versao: itens[i].versao + 1 });
        return json(itens[i]);
      }
      const novo = derivar({ ...corpo, id: proximo++, versao: 0 } as T);
      itens.push(novo);
      return json(novo);
    }),
    rota('DELETE', new RegExp(`^${base}/\\d+$`), (c) => {
      const i = itens.findIndex((x) => x.id === doId(c));
      if (i >= 0) {
        if (aoExcluir) aoExcluir(itens[i]);
        else itens.splice(i, 1);
      }
      return new Response(null, { status: 204 });
    }),
  ];
  return { itens, rotas };
}
