import type { ResultadoLote } from '../../../contracts/ctes';

export const MSG_CONCLUIDO = 'Operação concluída.';
/** Agrupar without a vehicle type (asked before the call: the grouping dialog loads apart from the screen). */
export const MSG_INFORME_TIPO_VEICULO = 'Informe o tipo de veículo.';

/** A batch answer as the message list shows it: the server's messages, then one line per CT-e left out. */
export function mensagensDoLote(r: Partial<ResultadoLote>, ignoradosAqui: ResultadoLote['ignorados'] = []): string[] {
  // GET /ctes/ler-arquivos answers its own shape (lidos, erros, mensagens): only `mensagens` is shared.
  const ignorados = [...ignoradosAqui, ...(r.ignorados ?? [])].map((i) => `CT-e ${i.numero ?? i.id}: ${i.motivo}`);
  const resumo = r.mensagens?.length ? r.mensagens : (r.processados ?? 0) > 0 ? [`${r.processados} CT-e(s) processado(s).`] : ignorados.length > 0 ? [] : [MSG_CONCLUIDO];
  return [...resumo, ...ignorados];
}
