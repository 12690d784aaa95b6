import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import {
  contagemVazia,
  MSG_RECEBIMENTO_EM_ANDAMENTO,
  type CaixaPostalConfig,
  type ExecucaoRecebimento,
  type ItemRecebimento,
  type SefazConfig,
  type SituacaoFonte,
} from '../../src/contracts/recebimento';
import { json, rota, type Chamada } from './helpers/fetch-stub';
import { pagina } from './helpers/fixtures';

// An in-memory /api/recebimento for the intake screen, Configuração › Recebimento and the shell's warning: every
// call is recorded by the fetch stub; the answers are the contract's shapes.

export const execucao = (id: number, over: Partial<ExecucaoRecebimento> = {}): ExecucaoRecebimento => ({
  id,
  fonte: 'CAIXA_POSTAL',
  inicio: '2026-03-10T13:05:00Z',
  fim: '2026-03-10T13:06:00Z',
  situacao: 'PARCIAL',
  contagem: { ...contagemVazia(), ctes: 3, faturas: 1, recusados: 1 },
  mensagens: ['2 mensagens lidas.'],
  progresso: null,
  usuario: null,
  ...over,
});

export const fonte = (f: SituacaoFonte['fonte'], over: Partial<SituacaoFonte> = {}): SituacaoFonte => ({
  fonte: f,
  configurada: true,
  ativa: true,
  ultima: null,
  proxima: null,
  falhasSeguidas: 0,
  bloqueadaAte: null,
  aviso: null,
  ...over,
});

export const ITENS: ItemRecebimento[] = [
  {
    id: 1,
    execucaoId: 7,
    origem: 'De: carga@andrade.com.br — Assunto: CT-es de março',
    arquivo: 'cte-1.xml',
    tipo: 'CTE',
    resultado: 'NOVO',
    motivo: null,
    referencia: '35260311222333000181570010000012341000012345',
    cteId: 4321,
  },
  {
    id: 2,
    execucaoId: 7,
    origem: 'De: carga@andrade.com.br — Assunto: CT-es de março',
    arquivo: 'lote.zip/quebrado.xml',
    tipo: 'CTE',
    resultado: 'RECUSADO',
    motivo: 'O XML não é um CT-e válido: falta a tag infCte.',
    referencia: null,
    cteId: null,
  },
];

export const caixaPostal = (over: Partial<CaixaPostalConfig> = {}): CaixaPostalConfig => ({
  ativa: true,
  host: 'imap.colacril.com.br',
  porta: 993,
  tls: true,
  usuario: 'fretes@colacril.com.br',
  pasta: 'INBOX',
  intervaloMinutos: 5,
  senhaDefinida: true,
  origem: 'CONFIGURACAO',
  versao: 3,
  ...over,
});

export const sefaz = (over: Partial<SefazConfig> = {}): SefazConfig => ({
  ativa: false,
  cnpj: '11222333000181',
  uf: 'SP',
  ambiente: 'HOMOLOGACAO',
  certificado: null,
  ultNSU: '0',
  maxNSU: '0',
  proximaConsulta: null,
  bloqueadaAte: null,
  versao: 1,
  ...over,
});

interface Opcoes {
  fontes?: SituacaoFonte[];
  historico?: ExecucaoRecebimento[];
  /** GET /execucoes/{id}: each call takes the next answer (the last one repeats). */
  acompanhamento?: ExecucaoRecebimento[];
  lerEmAndamento?: boolean;
  caixa?: CaixaPostalConfig;
  sefazConfig?: SefazConfig;
  conflito?: boolean;
}

export function fakeRecebimentoServer({
  fontes = [],
  historico = [],
  acompanhamento = [],
  lerEmAndamento = false,
  caixa = caixaPostal(),
  sefazConfig = sefaz(),
  conflito = false,
}: Opcoes = {}) {
  const q = (c: Chamada) => new URL(c.url, 'http://x').searchParams;
  let lidas = 0;
  // What the server knows: the history, the upload once made; a "Ler agora" puts its run's last state on the card.
  const conhecidas = new Map(historico.map((e) => [e.id, e]));
  let painel = fontes;
  const enviada = execucao(41, {
    fonte: 'ENVIO',
    situacao: 'SUCESSO',
    contagem: { ...contagemVazia(), ctes: 2 },
    mensagens: ['2 arquivo(s) enviado(s).'],
    usuario: 'Ana Souza',
  });
  const stale = () => (conflito ? json({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] }, 409) : undefined);
  const rotas = [
    rota('GET', '/api/recebimento', () => json({ fontes: painel })),
    rota('GET', '/api/recebimento/execucoes', (c) => json(pagina(historico, Number(q(c).get('page') ?? 0), Number(q(c).get('size') ?? 50)))),
    rota('GET', /^\/api\/recebimento\/execucoes\/\d+\/itens/, (c) => json(pagina(q(c).get('problemas') === 'true' ? ITENS.filter((i) => i.resultado !== 'NOVO') : ITENS))),
    rota('GET', /^\/api\/recebimento\/execucoes\/\d+$/, (c) => {
      const id = Number(c.url.split('/').at(-1));
      if (conhecidas.has(id)) return json(conhecidas.get(id));
      return json(acompanhamento[Math.min(lidas++, acompanhamento.length - 1)] ?? execucao(id));
    }),
    rota('POST', /^\/api\/recebimento\/(PASTA|CAIXA_POSTAL|SEFAZ)\/ler$/, (c) => {
      if (lerEmAndamento) return json({ mensagens: [MSG_RECEBIMENTO_EM_ANDAMENTO] }, 409);
      const alvo = c.url.split('/').at(-2);
      const fim = acompanhamento.at(-1);
      if (fim) painel = painel.map((f) => (f.fonte === alvo ? { ...f, ultima: fim } : f));
      return json(
        execucao(40, {
          situacao: 'EM_ANDAMENTO',
          fim: null,
          progresso: { feitos: 0, total: null },
        }),
      );
    }),
    rota('POST', '/api/recebimento/enviar', () => {
      conhecidas.set(enviada.id, enviada);
      return json(enviada);
    }),
    rota('GET', '/api/recebimento/caixa-postal', () => json(caixa)),
    rota(
      'PUT',
      '/api/recebimento/caixa-postal',
      (c) =>
        stale() ??
        json({
          ...caixa,
          ...(c.body as object),
          senhaDefinida: true,
          versao: caixa.versao + 1,
        }),
    ),
    rota('GET', '/api/recebimento/sefaz', () => json(sefazConfig)),
    rota(
      'PUT',
      '/api/recebimento/sefaz',
      (c) =>
        stale() ??
        json({
          ...sefazConfig,
          ...(c.body as object),
          versao: sefazConfig.versao + 1,
        }),
    ),
    rota('POST', '/api/recebimento/sefaz/certificado', () =>
      json({
        ...sefazConfig,
        certificado: {
          titular: 'COLACRIL INDUSTRIA LTDA:11222333000181',
          validoAte: '2027-05-31T23:59:59Z',
        },
      }),
    ),
  ];
  return { rotas };
}
