import type { CteDoccob, FaturaDoccob, LayoutDoccob, NotaDoccob } from '../../../contracts/doccob';
import type { Empresa } from '../../../contracts/common';
import { Dec } from '../../../domain/frete/decimal-exato';
import { dataSaoPaulo, FUSO_SAO_PAULO, somarDias } from '../../../domain/sao-paulo-date';
import { EMPRESAS_DEMO } from '../ctes-demo/constantes-demo';
import type { CteFaturaDemo, NotaFaturaDemo, TransportadoraFaturaDemo } from './ctes-faturas-demo';

// The demo faturas as DOCCOB files (pure: the CT-es chosen, the day): three read at the first start and
// one dropped in the input folder for "Ler Faturas". Each 352 is worth the sum of its 353s.

/** The four demo faturas: their number, how many CT-es of the carrier they bill, and what is off in them. */
export const FATURAS_DEMO = {
  /** Every CT-e conferido, billed exactly as charged. */
  conferida: { numero: '104233', ctes: 8 },
  /** One CT-e billed ACRESCIMO_DEMO above its charged value. */
  acrescimo: { numero: '58710', ctes: 6 },
  /** One more line whose CT-e is not in the database. */
  naoEncontrado: { numero: '22914', ctes: 5 },
  /** The file dropped in the input folder (5.0): conferidos and the carrier's newest failed audit. */
  arquivo: { numero: '77415', ctes: 5 },
} as const;

/** What the overbilled line bills above the CT-e's charged value. */
export const ACRESCIMO_DEMO = '37.50';
/** The value of the line whose CT-e is not in the database. */
export const VALOR_NAO_ENCONTRADO_DEMO = '486.30';
/** Index of the overbilled line in its fatura. */
export const LINHA_ACRESCIMO_DEMO = 3;

export interface ArquivoFaturaDemo {
  nome: string;
  fatura: FaturaDoccob;
  layout: LayoutDoccob;
}

/** DOCCOB-<carrier cnpj>-<numero>.txt */
export const nomeArquivoFaturaDemo = (cnpj: string, numero: string) => `DOCCOB-${cnpj}-${numero}.txt`;

/** The day plus n days (YYYY-MM-DD). */

const HORA_SAO_PAULO = new Intl.DateTimeFormat('en-GB', { timeZone: FUSO_SAO_PAULO, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const doisDecimais = (v: string | null, digitos: number) => {
  if (v === null) return null;
  const d = new Dec(v).toFixed(2);
  return d.replace('.', '').length <= digitos ? d : null;
};

function nota(n: NotaFaturaDemo, dataEmissao: string, layout: LayoutDoccob): NotaDoccob {
  const numero = String(n.numero ?? Number(n.chave.slice(25, 34)));
  return {
    serie: String(Number(n.chave.slice(22, 25))),
    // 3.0A keeps 8 digits for the NF number: a longer one is left out rather than cut.
    numero: layout === '3.0A' && numero.length > 8 ? '' : numero,
    dataEmissao,
    peso: doisDecimais(n.pesoBruto, 7),
    valor: doisDecimais(n.valor, 15),
    cnpjEmissor: n.chave.slice(6, 20),
  };
}

/** A 353/555 line billing the CT-e at `valor`; with `chave`, the key goes at 96/44 (3.0A only). */
function linha(c: CteFaturaDemo, valor: string, comChave: boolean, layout: LayoutDoccob, i: number): CteDoccob {
  return {
    linha: i + 1,
    filial: '0000000001',
    serie: c.serie,
    numero: String(c.numero),
    valorFrete: new Dec(valor).toFixed(2),
    dataEmissao: c.dataEmissao,
    cnpjRemetente: c.remetente,
    cnpjDestinatario: c.destinatario,
    cnpjEmissor: c.emitente,
    chave: comChave ? c.chave : null,
    notas: c.notas.map((n) => nota(n, c.dataEmissao, layout)),
  };
}

/** Where the demo carriers are paid (3.0A 352 at 115; 5.0 552 at 109). */
const BANCO_DEMO = { agenteCobranca: 'BANCO DO BRASIL S.A.', agencia: '3064', digitoAgencia: '1', conta: '0048215', digitoConta: '7' };

interface Montagem {
  empresa: Empresa;
  dia: string;
  /** HH:MM of the interchange (the seed's São Paulo time: nothing dated in the future). */
  hora: string;
  sequencia: number;
  layout: LayoutDoccob;
}

function fatura(t: TransportadoraFaturaDemo, numero: string, ctes: CteDoccob[], m: Montagem): ArquivoFaturaDemo {
  const aammdd = m.dia.slice(2).replace(/-/g, '');
  const seq = String(m.sequencia).padStart(3, '0');
  const valor = ctes.reduce((s, c) => s.plus(c.valorFrete!), new Dec(0)).toFixed(2);
  return {
    nome: nomeArquivoFaturaDemo(t.cnpj, numero),
    layout: m.layout,
    fatura: {
      layout: m.layout,
      remetente: t.razaoSocial,
      destinatario: EMPRESAS_DEMO[m.empresa].nome,
      idIntercambio: `COB${aammdd}${seq}`,
      dataIntercambio: `${m.dia}T${m.hora}`,
      documento: `COBRA${aammdd}${seq}`,
      transportadora: { cnpj: t.cnpj, razaoSocial: t.razaoSocial },
      filial: '0000000001',
      tipo: '0',
      serie: '1',
      numero,
      dataEmissao: m.dia,
      dataVencimento: somarDias(m.dia, 15),
      valor,
      tipoCobranca: 'BCO',
      valorIcms: null,
      valorJurosDia: new Dec(valor).times('0.0003').toDecimalPlaces(2).toFixed(2),
      dataLimiteDesconto: null,
      valorDesconto: null,
      ...BANCO_DEMO,
      acao: 'I',
      ctes,
      total: null,
      avisos: [],
    },
  };
}

/** Conferidos billed as charged; on 3.0A every other line carries the CT-e key, the rest are found by CNPJ + série + número. */
const comoCobrados = (ctes: CteFaturaDemo[], layout: LayoutDoccob) => ctes.map((c, i) => linha(c, c.valorTotal, layout === '3.0A' && i % 2 === 0, layout, i));

/**
 * The three faturas read at the first start (3.0A), one per carrier of `transportadoras` (in order), and the
 * file for the input folder (5.0) from the fourth carrier, when there is one.
 */
export function montarFaturasDemo(empresa: Empresa, hoje: Date, transportadoras: TransportadoraFaturaDemo[]) {
  const [a, b, c, d] = transportadoras;
  const dia = dataSaoPaulo(hoje)!;
  const hora = HORA_SAO_PAULO.format(hoje);
  const m = (sequencia: number, layout: LayoutDoccob): Montagem => ({ empresa, dia, hora, sequencia, layout });

  const conferida = fatura(a, FATURAS_DEMO.conferida.numero, comoCobrados(a.conferidos.slice(0, FATURAS_DEMO.conferida.ctes), '3.0A'), m(1, '3.0A'));

  const linhasB = comoCobrados(b.conferidos.slice(0, FATURAS_DEMO.acrescimo.ctes), '3.0A');
  const cobrado = b.conferidos[LINHA_ACRESCIMO_DEMO].valorTotal;
  linhasB[LINHA_ACRESCIMO_DEMO].valorFrete = new Dec(cobrado).plus(ACRESCIMO_DEMO).toFixed(2);
  const acrescimo = fatura(b, FATURAS_DEMO.acrescimo.numero, linhasB, m(2, '3.0A'));

  const linhasC = comoCobrados(c.conferidos.slice(0, FATURAS_DEMO.naoEncontrado.ctes), '3.0A');
  // A CT-e the carrier issued after the last one the company received: no key, and no CT-e of that number.
  const modelo = c.conferidos[0];
  const ausente = { ...modelo, numero: c.maiorNumero + 1, valorTotal: VALOR_NAO_ENCONTRADO_DEMO, notas: [] };
  linhasC.push(linha(ausente, VALOR_NAO_ENCONTRADO_DEMO, false, '3.0A', linhasC.length));
  const naoEncontrado = fatura(c, FATURAS_DEMO.naoEncontrado.numero, linhasC, m(3, '3.0A'));

  return { lidas: [conferida, acrescimo, naoEncontrado], arquivo: d ? arquivoEntrada(d, m(4, '5.0')) : null };
}

/** The 5.0 file for the input folder (no keys in 5.0: every line by CNPJ + série + número), one divergent line. */
function arquivoEntrada(d: TransportadoraFaturaDemo, m: Montagem): ArquivoFaturaDemo {
  const ctes = comoCobrados(d.conferidos.slice(0, FATURAS_DEMO.arquivo.ctes), '5.0');
  // Its newest failed audit billed as charged (overcharged against the table); without one, an overbilled line.
  if (d.falha) ctes.splice(2, 0, linha(d.falha, d.falha.valorTotal, false, '5.0', 2));
  else ctes[2].valorFrete = new Dec(ctes[2].valorFrete!).plus(ACRESCIMO_DEMO).toFixed(2);
  ctes.forEach((c, i) => (c.linha = i + 1));
  return fatura(d, FATURAS_DEMO.arquivo.numero, ctes, m);
}
