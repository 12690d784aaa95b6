import Decimal from 'decimal.js';
import type {
  ClienteMinuta,
  ElementoCustoMinuta,
  Minuta,
  MinutaSalvarEntrada,
  MunicipioMinuta,
  NotaFiscalMinuta,
  TransportadoraMinuta,
} from '../../../contracts/minutas';
import { clampNumber } from '../../../domain/clamp-number';
import type { DadosCompletudeMinuta } from '../../../domain/minutas/completude-minuta';
import { mascararCnpj } from '../../ui/cnpj-input';

/** The minuta as the modal edits it (spec 03 §2.5 fields): texts '' when empty, CNPJs masked. */
export interface MinutaEmEdicao {
  fatura: string;
  numero: string;
  dataEmissao: string | null;
  transportadora: TransportadoraMinuta | null;
  origem: MunicipioMinuta | null;
  destino: MunicipioMinuta | null;
  cliente: ClienteMinuta | null;
  peso: string;
  percentualIcms: string;
  valorTotalFrete: string;
  cnpjTomador: string;
  cnpjRemetente: string;
  notasFiscais: NotaFiscalMinuta[];
  elementosCusto: ElementoCustoMinuta[];
}

export function paraEdicao(m: Minuta): MinutaEmEdicao {
  return {
    fatura: m.fatura ?? '',
    numero: m.numero ?? '',
    dataEmissao: m.dataEmissao,
    transportadora: m.transportadora,
    origem: m.origem,
    destino: m.destino,
    cliente: m.cliente,
    peso: m.peso ?? '',
    percentualIcms: m.percentualIcms ?? '',
    valorTotalFrete: m.valorTotalFrete ?? '',
    cnpjTomador: m.cnpjTomador ? mascararCnpj(m.cnpjTomador) : '',
    cnpjRemetente: m.cnpjRemetente ? mascararCnpj(m.cnpjRemetente) : '',
    notasFiscais: m.notasFiscais,
    elementosCusto: m.elementosCusto,
  };
}

const ref = (r: { id: number } | null) => (r ? { id: r.id } : null);
const texto = (v: string) => v.trim() || null;

/** POST /minutas's body (minutaSalvarSchema): what the modal does not show (série, chave) as loaded. */
export function paraSalvar(m: Minuta, e: MinutaEmEdicao): MinutaSalvarEntrada {
  return {
    ...(m.id !== null ? { id: m.id } : {}),
    fatura: texto(e.fatura),
    numero: texto(e.numero),
    serie: m.serie,
    chave: m.chave,
    dataEmissao: e.dataEmissao,
    transportadora: ref(e.transportadora),
    origem: ref(e.origem),
    destino: ref(e.destino),
    cliente: ref(e.cliente),
    peso: texto(e.peso),
    percentualIcms: texto(e.percentualIcms),
    valorTotalFrete: texto(e.valorTotalFrete),
    cnpjTomador: texto(e.cnpjTomador),
    cnpjRemetente: texto(e.cnpjRemetente),
    notasFiscais: e.notasFiscais.map(({ serie, numero }) => ({ serie, numero })),
    elementosCusto: e.elementosCusto.map(({ nome, valor }) => ({ nome, valor })),
    versao: m.versao,
  };
}

/** What completeness looks at, as the modal holds it now (spec 03 §4). */
export function dadosDaEdicao(m: Minuta, e: MinutaEmEdicao): DadosCompletudeMinuta {
  return {
    ...e,
    status: m.status,
    fatura: texto(e.fatura),
    numero: texto(e.numero),
    peso: texto(e.peso),
    valorTotalFrete: texto(e.valorTotalFrete),
    cnpjTomador: texto(e.cnpjTomador),
    cnpjRemetente: texto(e.cnpjRemetente),
    quantidadeNotasFiscais: e.notasFiscais.length,
    quantidadeElementosCusto: e.elementosCusto.length,
  };
}

/** Spec 03 §5: the freight value is the sum of the cost elements' values (exact decimals). */
export function somaElementos(elementos: readonly ElementoCustoMinuta[]): string {
  return elementos.reduce((total, e) => total.plus(new Decimal(e.valor || 0)), new Decimal(0)).toFixed(2);
}

/** Spec 03 §5: the ICMS percent has precision 0 and stays within 0–100 (decimals typed are dropped). */
export function percentualInteiro(valor: string): string {
  const inteiro = valor.split('.')[0];
  return inteiro === '' || inteiro === '-' ? '' : String(clampNumber(inteiro, 0, 100));
}
