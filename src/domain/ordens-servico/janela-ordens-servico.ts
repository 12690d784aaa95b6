import { JANELA_OS_DIAS_ANTES, JANELA_OS_DIAS_DEPOIS } from '../../contracts/romaneios';
import { dataSaoPaulo, somarDias } from '../sao-paulo-date';
import { relogio } from '../relogio';

/** Spec 03 §5: the default search window of the service-order pickers, from 2 days before today to 7 days after (São Paulo). */
export function janelaOrdensServico(agora: Date = relogio.agora()): { inicio: string; fim: string } {
  const hoje = dataSaoPaulo(agora)!;
  return { inicio: somarDias(hoje, -JANELA_OS_DIAS_ANTES), fim: somarDias(hoje, JANELA_OS_DIAS_DEPOIS) };
}

/** The filter with the period the user gave, or the default window where it is missing. */
export function comJanelaPadrao<F extends { inicio?: string; fim?: string }>(filtro: F, agora: Date = relogio.agora()): F & { inicio: string; fim: string } {
  const janela = janelaOrdensServico(agora);
  return { ...filtro, inicio: filtro.inicio ?? janela.inicio, fim: filtro.fim ?? janela.fim };
}
