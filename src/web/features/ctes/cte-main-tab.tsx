import { css } from '../../../../styled-system/css';
import type { CteCompleto } from '../../../contracts/ctes';
import { formatarDataHora } from '../../../domain/cte/formatar-cte';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { useTodosTiposVeiculo } from '../../api/tabelas-frete-api';
import { Button } from '../../ui/button';
import { DecimalInput } from '../../ui/decimal-input';
import { SelectField } from '../../ui/select-field';
import { prestacaoDifere } from './cte-columns';
import { CteNotasGrid, type PesosNota } from './cte-notas-grid';
import { CteReferencias } from './cte-referencias';
import { ReadOnlyFields, type Campo } from './read-only-fields';
import { ROTULO_STATUS_CTE, ROTULO_TIPO_ES, ROTULO_TOMADOR, TIPO_CTE, TIPO_SERVICO } from './status-labels';

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

/** The charged amount, and vTPrest beside it when they differ (vRec charged under ICMS by substitution). */
function valores(cte: CteCompleto): Campo[] {
  return [['Valor cobrado', formatBrl(cte.valorTotal)], ...(prestacaoDifere(cte) ? ([['Valor da prestação', formatBrl(cte.valorPrestacao)]] as Campo[]) : [])];
}

/** The authorisation (protCTe) and the observation; the note to the tax authority is on the ICMS tab. */
function autorizacao(cte: CteCompleto): Campo[] {
  const { protocolo: p, ambiente, observacao } = cte.documento;
  return [
    ['Ambiente', ambiente === 'PRODUCAO' ? 'Produção' : 'Homologação'],
    ['Protocolo de autorização', p?.numero ?? (p ? null : 'Sem protocolo no arquivo')],
    ...(p
      ? ([
          ['Status do protocolo', p.status],
          ['Motivo', p.motivo],
          ['Protocolo recebido em', formatarDataHora(p.recebidoEm)],
        ] as Campo[])
      : []),
    ...(observacao ? ([['Observação', observacao]] as Campo[]) : []),
  ];
}

/** Every fatura line that billed the CT-e (docs/decisoes.md §17): the one it belongs to, those that bill it again, the cancelled. */
function cobrancas(cte: CteCompleto): Campo[] {
  return cte.faturas.map((f) => {
    const situacao = f.primeira ? 'fatura do CT-e' : f.status === 'CANCELADO' ? 'cancelada' : 'cobrança repetida: não pagar';
    return [`Fatura ${f.numero} de ${formatDateBr(f.dataEmissao)}`, `${f.transportadora} · ${formatBrl(f.valorFrete)} · ${situacao}`];
  });
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
          ['Emissão', formatDateBr(id.dataEmissao)],
          ['Status', ROTULO_STATUS_CTE[cte.status] ?? cte.status],
          ['Tipo', ROTULO_TIPO_ES[cte.tipo] ?? cte.tipo],
          ['Tipo do CT-e', TIPO_CTE[id.tipoCte] ?? id.tipoCte],
          ['Tipo do serviço', TIPO_SERVICO[id.tipoServico] ?? id.tipoServico],
          ['Tomador', ROTULO_TOMADOR[id.tomador] ?? id.tomador],
          ['CFOP', id.cfop],
          ['Natureza da operação', id.naturezaOperacao],
          ['Origem', `${id.nomeMunicipioOrigem}/${id.ufOrigem}`],
          ['Destino', `${id.nomeMunicipioDestino}/${id.ufDestino}`],
          ['Nº da fatura', cte.numeroFatura],
          ['Cliente', cte.cliente?.nome],
          ...valores(cte),
          ['Valor das notas', formatBrl(cte.valorNotas)],
          ['Remetente', d.remetente?.nome],
          ['Destinatário', d.destinatario?.nome],
          ['Expedidor', d.expedidor?.nome],
          ['Recebedor', d.recebedor?.nome],
          ...(cte.dataCancelamento ? ([['Cancelado em', formatDateBr(cte.dataCancelamento)], ['Motivo do cancelamento', cte.motivoCancelamento]] as Campo[]) : []),
        ]}
      />
      <ReadOnlyFields campos={[['Chave', cte.chave]]} />
      <CteReferencias cte={cte} />
      {cte.faturas.length > 0 && <ReadOnlyFields titulo="Faturas que cobraram este CT-e" campos={cobrancas(cte)} />}
      <ReadOnlyFields titulo="Autorização e observações" campos={autorizacao(cte)} />
      <div className={estilos.edicao}>
        {/* Spec 03 §2.2: gross weight disabled while the CT-e is LIDO. */}
        <DecimalInput label="Peso bruto (Kg)" value={edicao.pesoBruto} onValueChange={(pesoBruto) => set({ pesoBruto })} disabled={!editavel || cte.status === 'LIDO'} />
        <SelectField label="Tipo de veículo" value={edicao.tipoVeiculo} onValueChange={(tipoVeiculo) => set({ tipoVeiculo })} options={opcoesTipo} disabled={!editavel} />
      </div>
      {/* Where processing took the weight from (the notes, a cargo line of the CT-e, or typed here): what the audit used. */}
      <ReadOnlyFields campos={[['Origem do peso bruto', cte.pesoOrigem]]} />
      <div className={estilos.notas}>
        <h3>Notas fiscais</h3>
        <Button size="sm" onClick={onReprocessar} disabled={!podeReprocessar || reprocessando} title="Lê o CT-e de novo e refaz os dados fiscais">
          Reprocessar dados fiscais
        </Button>
      </div>
      <CteNotasGrid
        notas={cte.notas}
        pesos={edicao.pesos}
        editavel={editavel}
        onPeso={(nota, campo, valor) => set({ pesos: { ...edicao.pesos, [nota]: { ...(edicao.pesos[nota] ?? { pesoBruto: null, pesoLiquido: null }), [campo]: valor } } })}
      />
    </div>
  );
}
