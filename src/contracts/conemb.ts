import { ROTULO_STATUS_MINUTA, type StatusMinuta } from './minutas';

/**
 * Conhecimentos read from a PROCEDA CONEMB file (3.0/3.1 records of 680 characters, 5.0 of 350;
 * ../shared/design/proceda.md). Amounts are exact decimal strings ("33.38"), weights with three decimals at
 * most ("120.50"), dates ISO (YYYY-MM-DD); what a real file leaves blank is null.
 */
export type LayoutConemb = '3.0' | '3.1' | '5.0';

/** One nota fiscal a conhecimento carries (3.x: one of the 40 slots that is not blank; 5.0: a 524). */
export interface NotaConemb {
  serie: string;
  numero: string;
  /** 5.0 only (524); null in 3.x. */
  cnpjEmissor: string | null;
  dataEmissao: string | null;
  valor: string | null;
  peso: string | null;
}

/** The freight components the carrier itemised; "0.00" when the field is zero, null when blank. */
export interface ComponentesConemb {
  fretePeso: string | null;
  freteValor: string | null;
  secCat: string | null;
  itr: string | null;
  despacho: string | null;
  pedagio: string | null;
  ademe: string | null;
}

export interface ConhecimentoConemb {
  /** Line of the file (1-based) of its 322 (3.x) or 522 (5.0), for messages. */
  linha: number;
  filial: string;
  serie: string;
  /** Digits without leading zeros (a CT-e número has at most 9 digits). */
  numero: string;
  dataEmissao: string;
  /** C = CIF, F = FOB; null when blank. */
  condicaoFrete: 'C' | 'F' | null;
  peso: string | null;
  valorTotalFrete: string;
  baseIcms: string | null;
  /** Percent with its decimals as written ("12.00", "17.50"). */
  percentualIcms: string | null;
  valorIcms: string | null;
  componentes: ComponentesConemb;
  substituicaoTributaria: string | null;
  cfop: string | null;
  /** Digits of the issuing carrier's CNPJ, and of the shipper (embarcadora: the sender). */
  cnpjEmissor: string;
  cnpjEmbarcadora: string | null;
  /** 5.0 (522) and some long 3.1 records: the 44-digit CT-e key; null otherwise. */
  chave: string | null;
  /** 5.0 only: the vehicle plate (522 115/9). */
  placa: string | null;
  notas: NotaConemb[];
  /** I = include, C = complement, E = exclude (cancels the conhecimento it names). Blank reads as I. */
  acao: 'I' | 'C' | 'E';
  tipo: string | null;
}

export interface ArquivoConemb {
  layout: LayoutConemb;
  remetente: string;
  destinatario: string;
  idIntercambio: string;
  /** The 320/520 document id ("CONHE…"). */
  documento: string;
  transportadora: { cnpj: string; razaoSocial: string };
  conhecimentos: ConhecimentoConemb[];
  /** The 323/529 trailer; null when the file has none (a warning says so). */
  total: { quantidade: number; valorTotal: string } | null;
  /** What the reader tolerated, in Portuguese. */
  avisos: string[];
}

export type LeituraConemb = { ok: true; arquivo: ArquivoConemb } | { ok: false; motivo: string };

export const MSG_CONEMB_VAZIO = 'O arquivo está vazio.';
export const MSG_CONEMB_NAO_E = 'O arquivo não é um CONEMB: a primeira linha não é um cabeçalho de intercâmbio (000).';
export const MSG_CONEMB_SEM_CONHECIMENTO = 'O arquivo não traz nenhum conhecimento (registro 322 ou 522).';
export const MSG_CONEMB_SEM_TRAILER = 'O arquivo não tem o registro de total (323/529).';

// ---------------------------------------------------------------------------------------------------
// What a reading did to what was stored (docs/decisoes.md §22): every deletion an ação E makes, every ação E it could
// not apply, and the refusal of a conhecimento re-sent with other values, told in Portuguese.

/** What one ação E record did. */
export type EfeitoExclusaoConemb =
  /** The conhecimento was cancelled and its PENDENTE minuta deleted. */
  | 'MINUTA_EXCLUIDA'
  /** The conhecimento was cancelled before it became a minuta: it will not be converted. */
  | 'CONHECIMENTO_EXCLUIDO'
  /** The conhecimento was cancelled, but its minuta is confirmed or processed: the minuta stays. */
  | 'MINUTA_MANTIDA'
  /** Not applied: no conhecimento of that carrier, série and número was ever read. */
  | 'NAO_ENCONTRADO'
  /** Not applied: it was cancelled before (an earlier ação E, or a person deleted its minuta). */
  | 'JA_EXCLUIDO';

/** One ação E record of a file and what it did. */
export interface ExclusaoConemb {
  /** The record's line in the file. */
  linha: number;
  serie: string;
  numero: string;
  efeito: EfeitoExclusaoConemb;
  /** The minuta it deleted or kept: its número, carrier (the register's name, else the file's) and status; null without one. */
  minuta: { numero: string | null; transportadora: string; status: StatusMinuta } | null;
  /** The sentence the reading summary shows. */
  mensagem: string;
}

const conhecimentoDescrito = (serie: string, numero: string) => `o conhecimento série ${serie || '—'} nº ${numero}`;
const minutaDescrita = (m: { numero: string | null; transportadora: string }) => `a minuta ${m.numero ?? 'sem número'} (${m.transportadora})`;

export const mensagemExclusaoConemb = (e: Omit<ExclusaoConemb, 'mensagem'>): string => {
  const conhecimento = conhecimentoDescrito(e.serie, e.numero);
  const inicio = `Linha ${e.linha}: `;
  switch (e.efeito) {
    case 'MINUTA_EXCLUIDA':
      return `${inicio}${minutaDescrita(e.minuta!)} foi excluída: o arquivo cancela (ação E) ${conhecimento}.`;
    case 'CONHECIMENTO_EXCLUIDO':
      return `${inicio}${conhecimento} foi cancelado (ação E) antes de virar minuta: não será convertido.`;
    case 'MINUTA_MANTIDA':
      return `${inicio}${conhecimento} foi cancelado (ação E), mas ${minutaDescrita(e.minuta!)} foi mantida: está ${ROTULO_STATUS_MINUTA[e.minuta!.status]}, e uma minuta confirmada ou processada não é excluída.`;
    case 'NAO_ENCONTRADO':
      return `${inicio}exclusão não aplicada: ${conhecimento} (ação E) nunca foi lido nesta empresa.`;
    case 'JA_EXCLUIDO':
      return `${inicio}exclusão não aplicada: ${conhecimento} (ação E) já estava excluído.`;
  }
};

/** One field of a conhecimento re-sent with another value: its name and both values, formatted. */
export interface DiferencaConhecimento {
  campo: string;
  antes: string;
  agora: string;
}

const diferencasDescritas = (diferencas: DiferencaConhecimento[]) => diferencas.map((d) => `${d.campo}: ${d.antes} antes, ${d.agora} neste arquivo`).join('; ');

/** What the user does about a conhecimento re-sent with other values, by what became of the stored one. */
export type SaidaOutrosValores = { minuta: 'PENDENTE'; numero: string | null } | { minuta: 'TRAVADA'; numero: string | null; status: StatusMinuta } | { minuta: null };

const saidaOutrosValores = (s: SaidaOutrosValores) => {
  const numero = (n: string | null) => n ?? 'sem número';
  if (s.minuta === 'PENDENTE') return `exclua a minuta pendente ${numero(s.numero)} e leia o arquivo de novo`;
  if (s.minuta === 'TRAVADA') return `a minuta ${numero(s.numero)} dele já está ${ROTULO_STATUS_MINUTA[s.status]} e não pode mais ser trocada: peça à transportadora um arquivo sem esse conhecimento`;
  return 'envie antes a exclusão dele (ação E), ou converta-o em minuta e exclua a minuta; depois leia o arquivo de novo';
};

/** The file is refused: a conhecimento already stored (same issuer CNPJ, série, número) comes with other values. */
export const mensagemConhecimentoOutrosValores = (
  c: { linha: number; serie: string; numero: string },
  diferencas: DiferencaConhecimento[],
  saida: SaidaOutrosValores,
  outros: number,
) =>
  `Linha ${c.linha}: ${conhecimentoDescrito(c.serie, c.numero)} desta transportadora já foi lido com outros valores (${diferencasDescritas(diferencas)})` +
  `${outros ? `, e mais ${outros} conhecimento(s) do arquivo também` : ''}: ${saidaOutrosValores(saida)}. Nada deste arquivo foi gravado.`;

/** The file is refused: the same conhecimento twice in it, with other values the second time. */
export const mensagemConhecimentoRepetidoNoArquivo = (c: { linha: number; serie: string; numero: string }, primeiraLinha: number, diferencas: DiferencaConhecimento[]) =>
  `Linha ${c.linha}: ${conhecimentoDescrito(c.serie, c.numero)} aparece de novo no arquivo (linha ${primeiraLinha}) com outros valores (${diferencasDescritas(diferencas)}). Nada deste arquivo foi gravado.`;
