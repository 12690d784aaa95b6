import { ROTULO_RESULTADO, ROTULO_SITUACAO_EXECUCAO, type ContagemRecebimento, type ExecucaoRecebimento } from '../../../contracts/recebimento';
import { FUSO_SAO_PAULO } from '../../../domain/sao-paulo-date';
import { formatNumberBr } from '../../../domain/format-number-br';

const formato = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_SAO_PAULO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as São Paulo's "DD/MM/AAAA HH:MM"; empty for none. */
export function formatarInstante(iso: string | null | undefined): string {
  if (!iso) return '';
  const data = new Date(iso);
  if (Number.isNaN(data.getTime())) return '';
  const p = Object.fromEntries(formato.formatToParts(data).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** The counts a card and the history show, in this order. */
export const CONTAGENS: { campo: keyof ContagemRecebimento; rotulo: string }[] = [
  { campo: 'ctes', rotulo: 'CT-es' },
  { campo: 'cancelamentos', rotulo: 'Cancelamentos' },
  { campo: 'faturas', rotulo: 'Faturas' },
  { campo: 'minutas', rotulo: 'Minutas' },
  { campo: 'recusados', rotulo: 'Recusados' },
];

/** "3 CT-es, 1 fatura recusada…" in one line: every count, zeros included (a run that read nothing says so). */
export const resumoContagem = (c: ContagemRecebimento) =>
  [...CONTAGENS, { campo: 'repetidos' as const, rotulo: ROTULO_RESULTADO.REPETIDO }, { campo: 'ignorados' as const, rotulo: 'Ignorados' }]
    .map((x) => `${x.rotulo}: ${formatNumberBr(c[x.campo])}`)
    .join(' · ');

/** "Em andamento: 12 de 40 documentos" while it runs; the situation's label after. */
export function situacaoDaExecucao(e: ExecucaoRecebimento): string {
  if (e.situacao !== 'EM_ANDAMENTO') return ROTULO_SITUACAO_EXECUCAO[e.situacao];
  const p = e.progresso;
  if (!p) return `${ROTULO_SITUACAO_EXECUCAO.EM_ANDAMENTO}…`;
  return p.total === null
    ? `${ROTULO_SITUACAO_EXECUCAO.EM_ANDAMENTO}: ${formatNumberBr(p.feitos)} documento(s)`
    : `${ROTULO_SITUACAO_EXECUCAO.EM_ANDAMENTO}: ${formatNumberBr(p.feitos)} de ${formatNumberBr(p.total)} documento(s)`;
}

/** The summary of a finished upload or reading, for the message popup. */
export const mensagensDaExecucao = (e: ExecucaoRecebimento) => [`${situacaoDaExecucao(e)}. ${resumoContagem(e.contagem)}.`, ...e.mensagens];
