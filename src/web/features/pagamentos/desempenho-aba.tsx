import { useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { desempenhoQuerySchema, type DesempenhoTransportadora } from '../../../contracts/pagamentos';
import { formatBrl } from '../../../domain/format-brl';
import { formatNumberBr, formatPercentBr, VALOR_DESCONHECIDO } from '../../../domain/format-number-br';
import { relogio } from '../../../domain/relogio';
import { mesSaoPaulo } from '../../../domain/sao-paulo-date';
import { baixarArquivo } from '../../api/tabelas-frete-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { FilterForm } from '../../ui/filter-form';
import { KeyCombo } from '../../ui/key-combo';
import { TextField } from '../../ui/text-field';
import { useValidate } from '../../ui/use-validated-save';
import { desempenhoCsv } from './desempenho-csv';
import { useDesempenho } from './pagamentos-api';

export const TECLA_EXPORTAR_CSV = 'Alt+X';
const numero = css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' });
const direita = (texto: string) => <span className={numero}>{texto}</span>;

/** The last three months (São Paulo), the current one included: AAAA-MM. */
export function periodoPadrao(agora = relogio.agora()): { inicio: string; fim: string } {
  const fim = mesSaoPaulo(agora).dataIni.slice(0, 7);
  const [ano, mes] = fim.split('-').map(Number);
  const total = ano * 12 + (mes - 1) - 2;
  return { inicio: `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`, fim };
}

const mesBr = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

const COLUNAS: DataTableColumn<DesempenhoTransportadora>[] = [
  { id: 'transportadora', kind: 'name', header: 'Transportadora', cell: (d) => <span title={d.transportadoraCnpj}>{d.transportadora}</span> },
  { id: 'mes', kind: 'code', header: 'Mês', cell: (d) => mesBr(d.mes) },
  { id: 'ctesCobrados', kind: 'quantity', header: 'CT-es cobrados', cell: (d) => direita(formatNumberBr(d.ctesCobrados)) },
  { id: 'percentualDivergente', kind: 'quantity', header: '% divergente', cell: (d) => direita(formatPercentBr(d.percentualDivergente, 1)) },
  { id: 'valorCobradoAMais', kind: 'money', header: 'Cobrado a mais', cell: (d) => direita(formatBrl(d.valorCobradoAMais)) },
  { id: 'valorRecuperado', kind: 'money', header: 'Recuperado', cell: (d) => direita(formatBrl(d.valorRecuperado)) },
  {
    id: 'diasMediosResposta', kind: 'quantity',
    header: 'Dias p/ resposta',
    cell: (d) => direita(d.diasMediosResposta === null ? VALOR_DESCONHECIDO : formatNumberBr(d.diasMediosResposta, { decimals: 1 })),
  },
];

/** The carriers' scorecard per month (GET /pagamentos/desempenho): the month range, the table, the CSV of what is shown. */
export function DesempenhoAba() {
  const [campos, setCampos] = useState(periodoPadrao);
  const [aplicado, setAplicado] = useState(campos);
  const [selecionado, setSelecionado] = useState(0);
  const primeiro = useRef<HTMLInputElement>(null);
  const validar = useValidate();
  const consulta = useDesempenho(aplicado.inicio, aplicado.fim);
  const linhas = consulta.data ?? [];

  const procurar = () => {
    const periodo = validar(desempenhoQuerySchema, campos);
    if (!periodo) return;
    if (periodo.inicio === aplicado.inicio && periodo.fim === aplicado.fim) void consulta.refetch();
    else setAplicado(periodo);
    setSelecionado(0);
  };
  const exportarCsv = () => baixarArquivo(new Blob([desempenhoCsv(linhas)], { type: 'text/csv;charset=utf-8' }), `desempenho-transportadoras-${aplicado.inicio}-${aplicado.fim}.csv`);
  useCommands([
    {
      id: 'pagamentos.desempenho.procurar',
      title: 'Procurar o desempenho das transportadoras',
      group: 'Ações',
      keys: ['Enter', 'Alt+P'],
      unbound: ['Enter'],
      run: () => {
        primeiro.current?.focus();
        procurar();
      },
    },
    { id: 'pagamentos.desempenho.csv', title: 'Exportar o desempenho das transportadoras (CSV)', group: 'Ações', keys: [TECLA_EXPORTAR_CSV], when: () => linhas.length > 0, run: exportarCsv },
  ]);

  return (
    <div>
      <FilterForm
        label="Período do desempenho"
        onSubmit={procurar}
        acoes={
          <Button onClick={exportarCsv} disabled={linhas.length === 0} aria-keyshortcuts={TECLA_EXPORTAR_CSV}>
            Exportar CSV <KeyCombo keys={[TECLA_EXPORTAR_CSV]} />
          </Button>
        }
      >
        <TextField ref={primeiro} label="Mês inicial" placeholder="AAAA-MM" value={campos.inicio} onValueChange={(inicio) => setCampos((c) => ({ ...c, inicio }))} maxLength={7} />
        <TextField label="Mês final" placeholder="AAAA-MM" value={campos.fim} onValueChange={(fim) => setCampos((c) => ({ ...c, fim }))} maxLength={7} />
      </FilterForm>
      <DataTable
        label="Desempenho das transportadoras"
        columns={COLUNAS}
        rows={linhas}
        getRowId={(d) => `${d.transportadoraCnpj}|${d.mes}`}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        semAbrir="O desempenho não abre: é um resumo por transportadora e mês."
        loading={consulta.isPending}
      />
    </div>
  );
}
