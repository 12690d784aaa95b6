import type { OcorrenciaLista, ResultadoLeituraOcoren } from '../../src/contracts/ocorrencias';
import { json, rota, type Chamada } from './helpers/fetch-stub';
import { pagina } from './helpers/fixtures';

// An in-memory /api/ocorrencias (issue 31) for the occurrences screen and the CT-e's timeline tab: the list
// (newest read first, naoVinculadas filters), one CT-e's timeline (/ocorrencias/ctes/{id}), the reading and the upload. Every call
// is recorded by the fetch stub.

export const ocorrencia = (id: number, over: Partial<OcorrenciaLista> = {}): OcorrenciaLista => ({
  id,
  origem: 'OCOREN',
  dataHora: '2026-03-10T14:30:00-03:00',
  codigo: '01',
  texto: 'Entrega realizada normalmente',
  sentido: 'ENTREGA',
  observacao: null,
  notaFiscal: '11222333000181 1/1234',
  arquivo: 'OCO0310.TXT',
  linha: id + 2,
  cancelada: false,
  lidaEm: '2026-03-11T08:00:00-03:00',
  transportadoraCnpj: '11222333000181',
  ctes: [{ id: 1, numero: 1001, serie: '1' }],
  ...over,
});

export const resultadoLeitura = (over: Partial<ResultadoLeituraOcoren> = {}): ResultadoLeituraOcoren => ({
  arquivos: 3,
  lidas: 40,
  repetidas: 2,
  naoVinculadas: 5,
  recusados: [{ arquivo: 'OCO-QUEBRADO.TXT', motivo: 'Linha 3, campo Código da ocorrência: informe 2 dígitos.' }],
  avisos: [{ arquivo: 'OCO0310.TXT', mensagem: 'Linha 7 com 118 caracteres: completada com espaços.' }],
  mensagens: ['40 ocorrência(s) lida(s), 2 já conhecida(s), 5 sem CT-e vinculado, 1 arquivo(s) recusado(s).'],
  ...over,
});

interface Opcoes {
  /** The list, newest read first. */
  lista?: OcorrenciaLista[];
  /** Per CT-e id: its timeline, oldest first. */
  timelines?: Record<number, OcorrenciaLista[]>;
  leitura?: ResultadoLeituraOcoren;
}

export function fakeOcorrenciasServer({ lista = [], timelines = {}, leitura = resultadoLeitura() }: Opcoes = {}) {
  const q = (c: Chamada) => new URL(c.url, 'http://x').searchParams;
  const rotas = [
    rota('GET', '/api/ocorrencias', (c) => {
      const p = q(c);
      const page = Number(p.get('page') ?? 0);
      const size = Number(p.get('size') ?? 50);
      const itens = p.get('naoVinculadas') === 'true' ? lista.filter((o) => o.ctes.length === 0) : lista;
      return json({ ...pagina(itens.slice(page * size, (page + 1) * size), page, size), totalElements: itens.length, totalPages: Math.max(1, Math.ceil(itens.length / size)) });
    }),
    rota('GET', '/api/ocorrencias/ler-arquivos', () => json(leitura)),
    rota('GET', /^\/api\/ocorrencias\/ctes\/\d+(\?|$)/, (c) => {
      const p = q(c);
      const id = Number(new URL(c.url, 'http://x').pathname.split('/').at(-1));
      return json(pagina(timelines[id] ?? [], Number(p.get('page') ?? 0), Number(p.get('size') ?? 50)));
    }),
    rota('POST', '/api/ocorrencias/enviar', () => json(resultadoLeitura({ arquivos: 1, lidas: 1, repetidas: 0, naoVinculadas: 0, recusados: [], avisos: [], mensagens: ['1 ocorrência(s) lida(s).'] }))),
  ];
  return { rotas };
}
