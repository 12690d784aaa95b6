import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { configuracaoCadastroSchema, type Configuracao } from '../../../contracts/configuracoes';
import { OCORRENCIA_AUSENTE_PADRAO, type OcorrenciaAusente } from '../../../contracts/ocorrencias';
import { formatDateBr } from '../../../domain/format-date-br';
import { temPermissao } from '../../../domain/permissoes';
import { useConfiguracao, useSalvarConfiguracao } from '../../api/configuracoes-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { DecimalInput } from '../../ui/decimal-input';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { SelectField } from '../../ui/select-field';
import type { ScreenArgs } from '../../ui/screen-args';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { useValidate } from '../../ui/use-validated-save';
import { AlcadasTab } from './alcadas-tab';
import { ClientesList } from './clientes-list';
import { ComandosXmlTab } from './comandos-xml-tab';
import { DadosEmpresa, dadosEmpresaAlterados, dadosEmpresaIniciais } from './dados-empresa';
import { RecebimentoTab } from './recebimento-tab';
import { RegrasPagamentoTab } from './regras-pagamento-tab';

const OPCOES_OCORRENCIA_AUSENTE: { value: OcorrenciaAusente; label: string }[] = [
  { value: 'FALHA', label: 'Falha' },
  { value: 'OBSERVACAO', label: 'Observação' },
];

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
  listas: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' }),
  pastas: css({ gridColumn: '1 / -1', display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '3' }),
  legenda: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'gray.800', mb: '1', gridColumn: '1 / -1' }),
};

/** Settings screen (/configuracoes, spec 01 §2). */
export function ConfiguracoesScreen({ usuario }: ScreenArgs) {
  const consulta = useConfiguracao();
  return (
    <section aria-labelledby="titulo-configuracoes">
      <h1 id="titulo-configuracoes" className={estilos.titulo}>
        Configuração
      </h1>
      {consulta.data ? (
        <Formulario key={consulta.data.versao} configuracao={consulta.data} podeSalvar={temPermissao(usuario, '____CLIE_E')} admin={usuario.nivel === 'ADMIN'} />
      ) : (
        <p role="status">Carregando…</p>
      )}
    </section>
  );
}

function Somente({ rotulo, valor }: { rotulo: string; valor: string }) {
  return <TextField label={rotulo} value={valor} onValueChange={() => {}} readOnly />;
}

/**
 * docs/decisoes.md §18: the company's DOCCOB folders ("Ler Faturas" reads the input one), read-only next to
 * the XML ones.
 */
function PastasDoccob({ pastas }: { pastas: Configuracao['pastasDoccob'] }) {
  return (
    <fieldset className={estilos.pastas}>
      <legend className={estilos.legenda}>Pastas dos DOCCOB (faturas)</legend>
      {pastas ? (
        <>
          <Somente rotulo="Entrada dos DOCCOB" valor={pastas.entrada} />
          <Somente rotulo="Saída dos DOCCOB" valor={pastas.saida} />
          <Somente rotulo="Erro dos DOCCOB" valor={pastas.erro} />
        </>
      ) : (
        <p className={formGrid.carregando}>Não configuradas.</p>
      )}
    </fieldset>
  );
}

function Formulario({ configuracao: c, podeSalvar, admin }: { configuracao: Configuracao; podeSalvar: boolean; admin: boolean }) {
  // Issues 29, 30: the Pagamento, Alçadas and Recebimento tabs (ADMIN) save with their own Ctrl+S, mounted only while open.
  const [aba, setAba] = useState('geral');
  const abaPropria = aba === 'pagamento' || aba === 'alcadas' || aba === 'recebimento';
  const [integrar, setIntegrar] = useState(c.integrarFaturamento);
  const [toleranciaValor, setToleranciaValor] = useState(c.toleranciaValor);
  const [toleranciaPercentual, setToleranciaPercentual] = useState(c.toleranciaPercentual);
  const [ocorrenciaAusente, setOcorrenciaAusente] = useState<OcorrenciaAusente>(c.ocorrenciaAusente ?? OCORRENCIA_AUSENTE_PADRAO);
  const [entradas, setEntradas] = useState(c.entradas);
  const [tomadores, setTomadores] = useState(c.tomadores);
  const [empresaInicial] = useState(() => dadosEmpresaIniciais(c));
  const [empresa, setEmpresa] = useState(empresaInicial);
  const validar = useValidate();
  const salvarConfiguracao = useSalvarConfiguracao();

  const salvar = () => {
    if (!podeSalvar || salvarConfiguracao.isPending) return;
    const dados = validar(configuracaoCadastroSchema, {
      integrarFaturamento: integrar,
      entradas: entradas.map((e) => ({ id: e.id })),
      tomadores: tomadores.map((t) => ({ id: t.id })),
      toleranciaValor,
      toleranciaPercentual,
      // Absent is kept as stored: sent only when changed here.
      ...(ocorrenciaAusente !== (c.ocorrenciaAusente ?? OCORRENCIA_AUSENTE_PADRAO) ? { ocorrenciaAusente } : {}),
      ...dadosEmpresaAlterados(empresaInicial, empresa),
      versao: c.versao,
    });
    if (dados) salvarConfiguracao.mutate(dados);
  };
  useCommands(abaPropria ? [] : [{ id: 'configuracoes.salvar', title: 'Salvar configuração', group: 'Ações', keys: ['Ctrl+S'], when: () => podeSalvar, run: salvar }]);

  const geral = (
    <div className={formGrid.corpo}>
      <div className={formGrid.grade}>
        <Somente rotulo="Pasta de entrada" valor={c.enderecoEntrada ?? ''} />
        <Somente rotulo="Pasta de saída" valor={c.enderecoSaida ?? ''} />
        <Somente rotulo="Pasta de erro" valor={c.enderecoErro ?? ''} />
        <Somente rotulo="Data do último CT-e" valor={formatDateBr(c.dataEmissaoCte)} />
        <PastasDoccob pastas={c.pastasDoccob} />
        <DecimalInput label="Tolerância da auditoria (R$)" value={toleranciaValor} onValueChange={setToleranciaValor} />
        <DecimalInput label="Tolerância da auditoria (%)" value={toleranciaPercentual} onValueChange={setToleranciaPercentual} />
        {/* Issue 31: a charged accessorial (re-delivery, TDE…) that no occurrence justifies fails the audit or is only noted. */}
        <SelectField
          label="Cobrança acessória sem ocorrência"
          value={ocorrenciaAusente}
          onValueChange={(v) => setOcorrenciaAusente(v as OcorrenciaAusente)}
          options={OPCOES_OCORRENCIA_AUSENTE}
        />
        <label className={formGrid.alternar}>
          <input type="checkbox" checked={integrar} onChange={() => setIntegrar(!integrar)} />
          Integrar faturamento
        </label>
        <DadosEmpresa dados={empresa} onChange={setEmpresa} disabled={!podeSalvar} />
      </div>
      <div className={estilos.listas}>
        <ClientesList titulo="Entradas" clientes={entradas} onChange={setEntradas} />
        <ClientesList titulo="Tomadores" clientes={tomadores} onChange={setTomadores} />
      </div>
      {podeSalvar && (
        <div className={formGrid.botoes}>
          <Button variant="primary" aria-keyshortcuts="Control+S" disabled={salvarConfiguracao.isPending} onClick={salvar}>
            Salvar <KeyCombo keys={['Ctrl+S']} />
          </Button>
        </div>
      )}
    </div>
  );

  return (
    <Tabs
      label="Configuração"
      value={aba}
      onValueChange={setAba}
      items={[
        { value: 'geral', label: 'Geral', content: geral },
        { value: 'comandos', label: 'Comandos', content: <ComandosXmlTab /> },
        ...(admin
          ? [
              { value: 'pagamento', label: 'Pagamento', content: aba === 'pagamento' && <RegrasPagamentoTab /> },
              { value: 'alcadas', label: 'Alçadas', content: aba === 'alcadas' && <AlcadasTab /> },
              { value: 'recebimento', label: 'Recebimento', content: aba === 'recebimento' && <RecebimentoTab /> },
            ]
          : []),
      ]}
    />
  );
}
