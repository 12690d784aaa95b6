import { css } from '../../../../styled-system/css';
import type { CteCompleto } from '../../../contracts/ctes';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { useTodosTiposVeiculo } from '../../api/tabelas-frete-api';
import { Button } from '../../ui/button';
import { DecimalInput } from '../../ui/decimal-input';
import { SelectField } from '../../ui/select-field';
import { CteNotesGrid, type PesosNota } from './cte-notes-grid';
import { ReadOnlyFields } from './read-only-fields';
import { ICONE_STATUS, ROTULO_TOMADOR, TIPO_CTE, TIPO_SERVICO } from './status-labels';

const estilos = {
  edicao: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '3', alignItems: 'end', my: '3' }),
  notas: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: '3', mb: '1', '& h3': { fontSize: 'sm', fontWeight: 'semibold' } }),
};

export interface EdicaoCte {
  pesoBruto: string;
  tipoVeiculo: string;
  pesos: Record<number, PesosNota>;
}

export interface CteMainTabProps {
  cte: CteCompleto;
  edicao: EdicaoCte;
  set: (patch: Partial<EdicaoCte>) => void;
  editavel: boolean;
  podeReprocessar: boolean;
  reprocessando: boolean;
  onReprocessar: () => void;
}

/** Tab "Dados Principais" (spec 03 §2.2, §3 identificacaoCte), gross weight, vehicle type and the notes grid. */
export function CteMainTab({ cte, edicao, set, editavel, podeReprocessar, reprocessando, onReprocessar }: CteMainTabProps) {
  const id = cte.documento.identificacao;
  const d = cte.documento;
  const tipos = useTodosTiposVeiculo();
  const opcoesTipo = [{ value: '', label: 'Nenhum' }, ...(tipos.data ?? []).map((t) => ({ value: String(t.id), label: t.descricao }))];
  if (cte.tipoVeiculo && !tipos.data?.some((t) => t.id === cte.tipoVeiculo!.id)) opcoesTipo.push({ value: String(cte.tipoVeiculo.id), label: cte.tipoVeiculo.descricao });
  return (
    <div>
      <ReadOnlyFields
        campos={[
          ['Número', id.numeroCte],
          ['Série', id.serie],
          ['Modelo', id.modelo],
          ['Emissão', formatDateBr(id.dataEmissao.slice(0, 10))],
          ['Status', ICONE_STATUS[cte.status].rotulo],
          ['Tipo', cte.tipo],
          ['Tipo do CT-e', TIPO_CTE[id.tipoCte] ?? id.tipoCte],
          ['Tipo do serviço', TIPO_SERVICO[id.tipoServico] ?? id.tipoServico],
          ['Tomador', ROTULO_TOMADOR[id.tomador] ?? id.tomador],
          ['CFOP', id.cfop],
          ['Origem', `${id.nomeMunicipioOrigem}/${id.ufOrigem}`],
          ['Destino', `${id.nomeMunicipioDestino}/${id.ufDestino}`],
          ['Nº da fatura', cte.numeroFatura],
          ['Cliente', cte.cliente?.nome],
          ['Valor cobrado', formatBrl(cte.valorTotal)],
          ['Valor das notas', formatBrl(cte.valorNotas)],
          ['Remetente', d.remetente?.nome],
          ['Destinatário', d.destinatario?.nome],
          ['Expedidor', d.expedidor?.nome],
          ['Recebedor', d.recebedor?.nome],
          ...(cte.dataCancelamento ? ([['Cancelado em', formatDateBr(cte.dataCancelamento.slice(0, 10))], ['Motivo do cancelamento', cte.motivoCancelamento]] as [string, string | null][]) : []),
        ]}
      />
      <ReadOnlyFields campos={[['Chave', cte.chave]]} />
      <div className={estilos.edicao}>
        {/* Spec 03 §2.2: gross weight disabled while the CT-e is LIDO. */}
        <DecimalInput label="Peso bruto (Kg)" value={edicao.pesoBruto} onValueChange={(pesoBruto) => set({ pesoBruto })} disabled={!editavel || cte.status === 'LIDO'} />
        <SelectField label="Tipo de veículo" value={edicao.tipoVeiculo} onValueChange={(tipoVeiculo) => set({ tipoVeiculo })} options={opcoesTipo} disabled={!editavel} />
      </div>
      <div className={estilos.notas}>
        <h3>Notas fiscais</h3>
        <Button size="sm" onClick={onReprocessar} disabled={!podeReprocessar || reprocessando} title="Lê o CT-e de novo e refaz os dados fiscais">
          Reprocessar dados fiscais
        </Button>
      </div>
      <CteNotesGrid
        notas={cte.notas}
        pesos={edicao.pesos}
        editavel={editavel}
        onPeso={(nota, campo, valor) => set({ pesos: { ...edicao.pesos, [nota]: { ...(edicao.pesos[nota] ?? { pesoBruto: null, pesoLiquido: null }), [campo]: valor } } })}
      />
    </div>
  );
}
