import type { ReactNode } from 'react';
import { FLAGS_ELEMENTO, MODALIDADES, ROTULO_MODALIDADE, ehIndice, type AcaoLimite, type Arredondamento, type FaixaComponente, type Modalidade, type RateioAgrupamento, type RoundingMode } from '../../../contracts/tabela-frete-tipos';
import { type ElementoCusto } from '../../../contracts/tabela-frete-modelo';
import { EVENTOS_ACESSORIOS, ROTULO_EVENTO_ACESSORIO, type EventoAcessorio } from '../../../contracts/ocorrencias';
import { CheckboxGroup } from '../../ui/checkbox-group';
import { DecimalInput } from '../../ui/decimal-input';
import { formGrid } from '../../ui/form-grid';
import { NumberInput } from '../../ui/number-input';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import {
  ROTULO_ACAO_LIMITE,
  ROTULO_ARREDONDAMENTO,
  ROTULO_FAIXA_COMPONENTE,
  ROTULO_FLAG_ELEMENTO,
  ROTULO_RATEIO,
  ROTULO_ROUNDING_MODE,
  opcoes,
} from './labels';
import { TiposVeiculoPicker } from './tipos-veiculo-picker';

/** A cost element while edited: the modalidade may be unset (spec 02 §5 "A modalidade de cálculo é obrigatória"). */
export type ElementoEmEdicao = Omit<ElementoCusto, 'modalidade'> & { modalidade: Modalidade | null };

// Issue 31: an accessorial element is tied to an event; "Nenhum" is an ordinary element.
const EVENTO_OPCOES = [{ value: '', label: 'Nenhum' }, ...EVENTOS_ACESSORIOS.map((v) => ({ value: v, label: ROTULO_EVENTO_ACESSORIO[v] }))];
const MODALIDADE_OPCOES = [{ value: '', label: 'Selecione' }, ...MODALIDADES.map((m) => ({ value: m, label: ROTULO_MODALIDADE[m] }))];

export interface ElementoCustoFieldsProps {
  e: ElementoEmEdicao;
  set: (patch: Partial<ElementoEmEdicao>) => void;
  /** Descriptions an index element may sum (non-index elements of the table, any level). */
  indexaveis: string[];
  /** Warnings shown under the description (the overwrite warning). */
  avisos?: ReactNode;
}

/** Every field of a cost element (spec 02 §3) except the bands. */
export function ElementoCustoFields({ e, set, indexaveis, avisos }: ElementoCustoFieldsProps) {
  return (
    <div className={formGrid.grade}>
      <div className={formGrid.largo}>
        <TextField label="Descrição" value={e.descricao} onValueChange={(descricao) => set({ descricao })} maxLength={100} autoComplete="off" />
      </div>
      {avisos && <div className={formGrid.largo}>{avisos}</div>}
      <SelectField label="Modalidade" value={e.modalidade ?? ''} onValueChange={(v) => set({ modalidade: (v || null) as Modalidade | null })} options={MODALIDADE_OPCOES} />
      <SelectField
        label="Componente da faixa"
        value={e.faixaComponente}
        onValueChange={(v) => set({ faixaComponente: v as FaixaComponente })}
        options={opcoes(ROTULO_FAIXA_COMPONENTE)}
      />
      <SelectField label="Arredondamento" value={e.arredondamento} onValueChange={(v) => set({ arredondamento: v as Arredondamento })} options={opcoes(ROTULO_ARREDONDAMENTO)} />
      <DecimalInput label="Valor de arredondamento" value={e.valorArredondamento ?? ''} onValueChange={(v) => set({ valorArredondamento: v || null })} />
      <SelectField label="Modo de arredondamento" value={e.roundingMode} onValueChange={(v) => set({ roundingMode: v as RoundingMode })} options={opcoes(ROTULO_ROUNDING_MODE)} />
      <DecimalInput label="Valor mínimo" value={e.valorMinimo} onValueChange={(valorMinimo) => set({ valorMinimo })} />
      <DecimalInput label="Valor limite" value={e.valorLimite} onValueChange={(valorLimite) => set({ valorLimite })} />
      <SelectField label="Ação no limite" value={e.acoesLimite} onValueChange={(v) => set({ acoesLimite: v as AcaoLimite })} options={opcoes(ROTULO_ACAO_LIMITE)} />
      <SelectField
        label="Evento"
        value={e.evento ?? ''}
        // Without an event the share of the freight means nothing: cleared with it.
        onValueChange={(v) => set(v ? { evento: v as EventoAcessorio } : { evento: null, percentualFrete: null })}
        options={EVENTO_OPCOES}
      />
      <DecimalInput label="% do frete" value={e.percentualFrete ?? ''} onValueChange={(v) => set({ percentualFrete: v || null })} disabled={!e.evento} />
      <NumberInput label="Desde a entrega" value={e.desdeEntrega} onValueChange={(desdeEntrega) => set({ desdeEntrega })} min={1} max={999} />
      <SelectField
        label="Rateio no agrupamento"
        value={e.rateioAgrupamento}
        onValueChange={(v) => set({ rateioAgrupamento: v as RateioAgrupamento })}
        options={opcoes(ROTULO_RATEIO)}
      />
      <div className={formGrid.largo}>
        <CheckboxGroup legend="Opções" options={FLAGS_ELEMENTO.map((f) => ({ value: f, label: ROTULO_FLAG_ELEMENTO[f] }))} value={e.flags} onValueChange={(flags) => set({ flags })} />
      </div>
      <div className={formGrid.largo}>
        <TiposVeiculoPicker tipos={e.tiposVeiculo} onChange={(tiposVeiculo) => set({ tiposVeiculo })} />
      </div>
      {e.modalidade && ehIndice(e.modalidade) && (
        <div className={formGrid.largo}>
          <CheckboxGroup
            legend="Elementos indexados"
            options={indexaveis.map((d) => ({ value: d, label: d }))}
            value={e.elementosIndexados}
            onValueChange={(elementosIndexados) => set({ elementosIndexados })}
            vazio="A tabela não tem elementos de custo que não sejam por índice."
          />
        </div>
      )}
    </div>
  );
}
