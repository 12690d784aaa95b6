import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { TOOLTIP_NOTA_SEM_DADOS, type NotaCte } from '../../../contracts/ctes';
import { notaDaChave } from '../../../domain/cte/chave-nfe';
import { formatBrl } from '../../../domain/format-brl';
import { formatNumberBr } from '../../../domain/format-number-br';
import { DataTablePager } from '../../ui/data-table-pager';
import { DocumentosNota } from '../../ui/documentos-nota';
import { DecimalField } from '../../ui/decimal-input';
import { fieldStyles } from '../../ui/field-styles';
import { estilosAuditoria as s } from './resultado-auditoria-panel';

/** Spec 03 §9: CT-e notes, 15 per page. */
export const NOTAS_POR_PAGINA = 15;

export interface PesosNota {
  pesoBruto: string | null;
  pesoLiquido: string | null;
}

const estilos = {
  peso: css({ width: '110px', textAlign: 'right' }),
  aviso: css({ color: 'amber.700', cursor: 'help', ml: '1' }),
  chave: css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'nowrap' }),
};

/** Spec 03 §2.2 "Note weights are editable only if numeric": a weight the reading left empty or unreadable stays read-only. */
export const pesoNumerico = (v: string | null) => v !== null && v.trim() !== '' && Number.isFinite(Number(v));

export interface CteNotasGridProps {
  notas: NotaCte[];
  pesos: Record<number, PesosNota>;
  onPeso: (id: number, campo: keyof PesosNota, valor: string) => void;
  editavel: boolean;
}

/** The CT-e's invoices: 15 per page; weights typed in place. */
export function CteNotasGrid({ notas, pesos, onPeso, editavel }: CteNotasGridProps) {
  const [pagina, setPagina] = useState(0);
  const paginas = Math.max(1, Math.ceil(notas.length / NOTAS_POR_PAGINA));
  const atual = Math.min(pagina, paginas - 1);
  const visiveis = notas.slice(atual * NOTAS_POR_PAGINA, (atual + 1) * NOTAS_POR_PAGINA);
  const peso = (n: NotaCte, campo: keyof PesosNota) => {
    const original = n[campo];
    const valor = pesos[n.id]?.[campo] ?? original ?? '';
    const rotulo = `${campo === 'pesoBruto' ? 'Peso bruto' : 'Peso líquido'} da nota ${n.numero ?? n.chave}`;
    if (!editavel || !pesoNumerico(original)) return <span aria-label={rotulo}>{pesoNumerico(valor) ? formatNumberBr(valor, { decimals: 3 }) : valor}</span>;
    return <DecimalField className={`${fieldStyles.input} ${estilos.peso}`} aria-label={rotulo} value={valor} onValueChange={(v) => onPeso(n.id, campo, v)} />;
  };
  return (
    <div>
      <table className={s.tabela} aria-label="Notas fiscais">
        <CabecalhoNotas />
        <tbody>
          {visiveis.length === 0 && (
            <tr>
              <td colSpan={9}>Nenhum registro encontrado</td>
            </tr>
          )}
          {visiveis.map((n) => (
            <tr key={n.id}>
              <td>
                {n.numero ?? notaDaChave(n.chave)?.numero ?? '—'}
                {!n.notaFiscalId && (
                  <span className={estilos.aviso} role="img" title={TOOLTIP_NOTA_SEM_DADOS} aria-label={TOOLTIP_NOTA_SEM_DADOS}>
                    ⚠
                  </span>
                )}
              </td>
              {/* Series and number are digits 23–25 and 26–34 of the NF-e key. */}
              <td>{notaDaChave(n.chave)?.serie ?? '—'}</td>
              <td className={estilos.chave}>{n.chave}</td>
              <td>{n.pedidoId ?? ''}</td>
              <td data-numero>{peso(n, 'pesoLiquido')}</td>
              <td data-numero>{peso(n, 'pesoBruto')}</td>
              <td data-numero>{formatBrl(n.valor)}</td>
              <td data-numero>{formatBrl(n.valorTotalProdutos)}</td>
              <td>
                <DocumentosNota nota={n} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {notas.length > NOTAS_POR_PAGINA && <DataTablePager page={atual} pageCount={paginas} totalElements={notas.length} onPageChange={setPagina} />}
    </div>
  );
}

const CabecalhoNotas = () => (
  <thead>
    <tr>
      <th>Nota fiscal</th>
      <th>Série</th>
      <th>Chave de acesso</th>
      <th>Pedido</th>
      <th data-numero>Peso líquido (kg)</th>
      <th data-numero>Peso bruto (kg)</th>
      <th data-numero>Valor</th>
      <th data-numero>Valor dos produtos</th>
      <th>Documentos</th>
    </tr>
  </thead>
);
