import type { ReactNode, Ref } from 'react';
import { FilterForm } from '../../ui/filter-form';
import { TextField } from '../../ui/text-field';
import { CamposPeriodoIndicadores } from '../../ui/campos-periodo-indicadores';
import type { FiltrosIndicadores } from './indicadores-filtros';

export interface IndicadoresFilterPanelProps {
  filtros: FiltrosIndicadores;
  set: (patch: Partial<FiltrosIndicadores>) => void;
  onSubmit: () => void;
  primeiroCampo: Ref<HTMLInputElement>;
  acoes?: ReactNode;
}

/** Spec 03 §2.6 filters of /indicadores; Enter in any field (or Alt+P) searches. */
export function IndicadoresFilterPanel({ filtros: f, set, onSubmit, primeiroCampo, acoes }: IndicadoresFilterPanelProps) {
  return (
    <FilterForm label="Filtros dos indicadores" onSubmit={onSubmit} acoes={acoes}>
      <CamposPeriodoIndicadores f={f} set={set} nomeGrupo="indicadores-referencia" />
      <TextField ref={primeiroCampo} label="Nº do CT-e" value={f.numeroCte} onValueChange={(v) => set({ numeroCte: v.replace(/\D/g, '') })} inputMode="numeric" maxLength={9} />
      <TextField label="Nº da fatura" value={f.numeroFatura} onValueChange={(numeroFatura) => set({ numeroFatura })} maxLength={20} />
    </FilterForm>
  );
}
