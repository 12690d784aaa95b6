import { useMutation } from '@tanstack/react-query';
import { css } from '../../../../styled-system/css';
import type { AuditoriaCte } from '../../../contracts/ctes';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { imprimirCalculoCte } from '../../api/ctes-api';
import { Button } from '../../ui/button';
import { ROTULO_AUDITORIA } from './status-labels';

export const estilosAuditoria = {
  bloco: css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' }),
  resumo: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: '2', '& dt': { fontSize: 'xs', color: 'gray.600' }, '& dd': { fontWeight: 'medium' } }),
  tabela: css({
    width: '100%',
    borderCollapse: 'collapse',
    '& th': { textAlign: 'left', fontSize: 'xs', textTransform: 'uppercase', color: 'gray.700', bg: 'gray.50', px: '3', py: '2' },
    '& td': { px: '3', py: '1.5', borderTopWidth: '1px', borderColor: 'gray.100' },
    '& [data-numero]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  }),
  subtitulo: css({ fontWeight: 'semibold' }),
  lista: css({ listStyle: 'disc', pl: '5' }),
  traco: css({ fontFamily: 'mono', fontSize: 'xs', bg: 'gray.50', borderRadius: 'md', p: '3', maxHeight: '240px', overflowY: 'auto', listStyle: 'none', '& li': { whiteSpace: 'pre-wrap' } }),
  falha: css({ color: 'red.700', fontWeight: 'semibold' }),
  barra: css({ display: 'flex', justifyContent: 'flex-end', gap: '2' }),
};
const s = estilosAuditoria;

/** The audit in numbers: status, table, charged, calculated, difference, tolerance, correct value. */
export function AuditSummary({ auditoria: a }: { auditoria: AuditoriaCte }) {
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
export function AuditResultPanel({ auditoria: a, cteId }: { auditoria: AuditoriaCte; cteId: number }) {
  const imprimir = useMutation({ mutationFn: () => imprimirCalculoCte(cteId) });
  return (
    <div className={s.bloco}>
      <AuditSummary auditoria={a} />
      <table className={s.tabela} aria-label="Elementos de custo">
        <thead>
          <tr>
            <th>Elemento de custo</th>
            <th data-numero>Valor</th>
          </tr>
        </thead>
        <tbody>
          {a.elementosCusto.length === 0 && (
            <tr>
              <td colSpan={2}>Nenhum registro encontrado</td>
            </tr>
          )}
          {a.elementosCusto.map((e, i) => (
            <tr key={`${i}-${e.descricao}`}>
              <td>{e.descricao}</td>
              <td data-numero>{formatBrl(e.valor)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>Total</td>
            <td data-numero>{a.valorTotal === null ? <span className={s.falha}>{ROTULO_AUDITORIA[a.status]}</span> : formatBrl(a.valorTotal)}</td>
          </tr>
        </tfoot>
      </table>
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
