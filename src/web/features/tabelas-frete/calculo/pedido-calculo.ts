import Decimal from 'decimal.js';
import { TIPO_VEICULO_QUALQUER, type PedidoCalculoEntrada } from '../../../../contracts/calculo-frete';
import type { FormularioCalculo } from '../../../ui/simulacao-frete-opener';
import { relogio } from '../../../../domain/relogio';
import { dataSaoPaulo } from '../../../../domain/sao-paulo-date';

/** Today as YYYY-MM-DD in São Paulo, the business's calendar (the dispatch date's default). */
export const hojeIso = (agora = relogio.agora()): string => dataSaoPaulo(agora)!;

export const formularioVazio = (): FormularioCalculo => ({
  dataDespacho: hojeIso(),
  cliente: null,
  transportadora: null,
  origem: null,
  destino: null,
  tipoVeiculo: TIPO_VEICULO_QUALQUER,
  icms: '',
  peso: '',
  valor: '',
});

/** Spec 02 §9: ICMS is typed as a percentage and sent as a fraction (12 → "0.12"). */
export function icmsFracao(percentual: string): string | null {
  if (percentual.trim() === '' || percentual === '.') return null;
  try {
    return new Decimal(percentual).div(100).toFixed();
  } catch {
    return percentual;
  }
}

const vazio = (v: string) => (v.trim() === '' || v === '.' ? null : v);

/** The request as typed; pedidoCalculoSchema then answers every "O/A X é obrigatório(a)" at once. */
export function pedidoDoFormulario(f: FormularioCalculo): PedidoCalculoEntrada {
  return {
    dataDespacho: f.dataDespacho,
    transportadora: f.transportadora?.id ?? null,
    cliente: f.cliente?.cpfCnpj ?? null,
    valor: vazio(f.valor),
    peso: vazio(f.peso),
    codigoOrigem: f.origem?.codigo ?? null,
    codigoDestino: f.destino?.codigo ?? null,
    tipoVeiculo: f.tipoVeiculo,
    icms: icmsFracao(f.icms),
  };
}
