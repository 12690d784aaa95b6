import { useMutation } from '@tanstack/react-query';
import { css } from '../../../../styled-system/css';
import type { AuditoriaCte } from '../../../contracts/ctes';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { imprimirCalculoCte } from '../../api/ctes-api';
import { Button } from '../../ui/button';
import { LinhasCalculoTable } from '../../ui/linhas-calculo-table';
import { resultStyles } from '../../ui/result-styles';
import { ROTULO_AUDITORIA } from './status-labels';

export const estilosAuditoria = {
  bloco: css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' }),
  resumo: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: '2', '& dt': { fontSize: 'xs', color: 'gray.600' }, '& dd': { fontWeight: 'medium' } }),
  // The calculation dialog's result styles: one look for a calculation wherever it shows.
  tabela: resultStyles.tabela,
  subtitulo: resultStyles.subtitulo,
  lista: resultStyles.lista,
  traco: resultStyles.traco,
  falha: resultStyles.falha,
  barra: css({ display: 'flex', justifyContent: 'flex-end', gap: '2' }),
};
const s = estilosAuditoria;

/** The audit in numbers: status, table, charged, calculated, difference, tolerance, correct value. */
export function ResumoAuditoria({ auditoria: a }: { auditoria: AuditoriaCte }) {
  const itens: [string, string][] = [
    ['Status da auditoria', ROTULO_AUDITORIA[a.status] ?? a.status],
    ['Tabela de frete', a.tabelaFrete ? `${formatDateBr(a.tabelaFrete.inicio)} a ${a.tabelaFrete.fim ? formatDateBr(a.tabelaFrete.fim) : 'sem fim'}${a.tabelaEscolhida ? ' (escolhida)' : ''}` : '—'],
    ['Valor cobrado', formatBrl(a.valorCobrado)],
    ['Valor da auditoria', a.valorTotal === null ? '—' : formatBrl(a.valorTotal)],
    ['Diferença', a.diferenca === null ? '—' : formatBrl(a.diferenca)],
    ['Tolerância', a.tolerancia === null ? '—' : formatBrl(a.tolerancia)],
    ['Valor correto', a.valorCorreto === null ? '—' : formatBrl(a.valorCorreto)],
    ['Auditado em', formatDateBr(a.auditadoEm)],
  ];
  if (a.responsavel) itens.push(['Responsável', `${a.responsavel.nome}${a.responsavel.email ? ` (${a.responsavel.email})` : ''}`]);
  if (a.revisadoEm) itens.push(['Revisado em', formatDateBr(a.revisadoEm)]);
  return (
    <dl className={s.resumo} aria-label="Resumo da auditoria">
      {itens.map(([t, v]) => (
        <div key={t}>
          <dt>{t}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Spec 03 §2.3 audit result: status, cost elements with total, messages, trace (collapsible), print. */
export function ResultadoAuditoriaPanel({ auditoria: a, cteId }: { auditoria: AuditoriaCte; cteId: number }) {
  const imprimir = useMutation({ mutationFn: () => imprimirCalculoCte(cteId) });
  return (
    <div className={s.bloco}>
      <ResumoAuditoria auditoria={a} />
      <LinhasCalculoTable
        label="Elementos de custo"
        coluna="Elemento de custo"
        linhas={a.elementosCusto}
        total={a.valorTotal === null ? <span className={s.falha}>{ROTULO_AUDITORIA[a.status]}</span> : formatBrl(a.valorTotal)}
      />
      {a.mensagens.length > 0 && (
        <section aria-label="Mensagens da auditoria">
          <h4 className={s.subtitulo}>Mensagens da auditoria</h4>
          <ul className={s.lista}>
            {a.mensagens.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </section>
      )}
      {a.traco.length > 0 && (
        <details>
          <summary className={s.subtitulo}>Memória de cálculo</summary>
          <ol className={s.traco} aria-label="Memória de cálculo">
            {a.traco.map((linha, i) => (
              <li key={i}>{linha}</li>
            ))}
          </ol>
        </details>
      )}
      <div className={s.barra}>
        <Button onClick={() => imprimir.mutate()} disabled={imprimir.isPending}>
          Imprimir cálculo
        </Button>
      </div>
    </div>
  );
}
