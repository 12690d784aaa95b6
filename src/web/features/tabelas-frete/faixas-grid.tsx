import { useId, useRef, useState } from 'react';
import Decimal from 'decimal.js';
import { css } from '../../../../styled-system/css';
import { faixaEmPercentual, grandezaDe, type Modalidade } from '../../../contracts/tabela-frete-tipos';
import { type Faixa } from '../../../contracts/tabela-frete-modelo';
import { formatBrl } from '../../../domain/format-brl';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { KeyCombo } from '../../ui/key-combo';
import { LocalGrid, type LocalGridHandle } from '../../ui/local-grid';
import { formatNumberBr } from '../../../domain/format-number-br';
import { chaveLocal, mesclar, remover } from '../../ui/local-list';
import { FaixaDialog } from './faixa-dialog';

/** Spec 02 §9: cost-element bands 10 per page. */
export const FAIXAS_POR_PAGINA = 10;

const estilos = {
  cabecalho: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold' }),
};

const UNIDADE: Record<string, string> = { KG: 'R$/Kg', KM: 'R$/Km' };
const unidadeDe = (m: Modalidade | null) => (m && faixaEmPercentual(m) ? '%' : (UNIDADE[(m && grandezaDe(m)) ?? ''] ?? 'R$'));
const porLimite = (a: Faixa, b: Faixa) => new Decimal(a.faixaLimite || 0).cmp(b.faixaLimite || 0);

/** Value shown as a percentage for value/index modalidades, else R$ with 5 decimals (per Kg/Km). */
export function valorDaFaixa(valor: string, modalidade: Modalidade | null): string {
  return modalidade && faixaEmPercentual(modalidade) ? `${formatNumberBr(valor)} %` : formatBrl(valor, 5);
}

/**
 * The cost element's price bands: Alt+F adds one; Enter/F2 edits, Delete removes (confirmed). Kept in
 * ascending limit order, the order the engine reads them in (spec 02 §4 "on top" is for sub-dialogs).
 */
export function FaixasGrid({ faixas, modalidade, onChange }: { faixas: Faixa[]; modalidade: Modalidade | null; onChange: (f: Faixa[]) => void }) {
  const id = useId();
  const [edicao, setEdicao] = useState<{ faixa: Faixa | null } | null>(null);
  const grade = useRef<LocalGridHandle>(null);
  const nova = () => {
    grade.current?.focus();
    setEdicao({ faixa: null });
  };
  useCommands([{ id: `${id}:nova-faixa`, title: 'Nova faixa de preço', group: 'Ações', keys: ['Alt+F'], run: nova }]);
  const nome = (f: Faixa) => `faixa até ${formatNumberBr(f.faixaLimite)}`;
  return (
    <section aria-label="Faixas de preço">
      <div className={estilos.cabecalho}>
        <h3 className={estilos.titulo}>Faixas de preço</h3>
        <Button size="sm" aria-keyshortcuts="Alt+F" onClick={nova}>
          Nova faixa <KeyCombo keys={['Alt+F']} />
        </Button>
      </div>
      <LocalGrid
        label="Faixas de preço"
        controle={grade}
        rows={faixas}
        pageSize={FAIXAS_POR_PAGINA}
        getRowId={chaveLocal}
        nome={nome}
        columns={[
          { id: 'limite', kind: 'quantity', header: 'Limite superior', cell: (f) => formatNumberBr(f.faixaLimite) },
          { id: 'valor', kind: 'money', header: `Valor (${unidadeDe(modalidade)})`, cell: (f) => valorDaFaixa(f.valor, modalidade) },
        ]}
        onEdit={(f) => setEdicao({ faixa: f })}
        onRemove={(f) => onChange(remover(faixas, f))}
        mensagemRemocao={(f) => `Deseja remover a ${nome(f)}?`}
      />
      {edicao && (
        <FaixaDialog
          open
          faixa={edicao.faixa}
          unidade={unidadeDe(modalidade)}
          onClose={() => setEdicao(null)}
          onSave={(f) => {
            onChange(mesclar(faixas, f).sort(porLimite));
            setEdicao(null);
          }}
        />
      )}
    </section>
  );
}
