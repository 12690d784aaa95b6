import { useState } from 'react';
import { transportadoraCadastroSchema, type Transportadora } from '../../../contracts/transportadoras';
import type { Municipio } from '../../../contracts/municipios';
import { buscarMunicipios } from '../../api/municipios-api';
import { useSalvarTransportadora, useTransportadora } from '../../api/transportadoras-api';
import { useCommands } from '../../commands/use-commands';
import { Autocomplete } from '../../ui/autocomplete';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useValidate } from '../../ui/use-validated-save';

export interface TransportadoraDialogProps {
  open: boolean;
  id?: number | null;
  registro?: Transportadora | null;
  /** Spec 01 §6: Salvar only with the carrier edit code FRETE_TRANS_E. */
  podeSalvar: boolean;
  onClose: () => void;
}

/** Carrier dialog (spec 01 §2): tab Dados Principais read-only (the ERP owns it), tab IBGE picks the municipality. */
export function TransportadoraDialog({ open, id, registro, podeSalvar, onClose }: TransportadoraDialogProps) {
  const carregado = useTransportadora(open && !registro ? (id ?? null) : null);
  const transportadora = registro ?? carregado.data ?? null;
  return (
    <Dialog open={open} title="Transportadora" onClose={onClose} size="lg">
      {!transportadora ? <p className={formGrid.carregando}>Carregando…</p> : <Formulario t={transportadora} podeSalvar={podeSalvar} onClose={onClose} />}
    </Dialog>
  );
}

type MunicipioEscolhido = Pick<Municipio, 'codigo' | 'nome' | 'siglaUf'>;

function Somente({ rotulo, valor }: { rotulo: string; valor: string | number | null | undefined }) {
  return <TextField label={rotulo} value={valor == null ? '' : String(valor)} onValueChange={() => {}} readOnly />;
}

function Formulario({ t, podeSalvar, onClose }: { t: Transportadora; podeSalvar: boolean; onClose: () => void }) {
  const [municipio, setMunicipio] = useState<MunicipioEscolhido | null>(t.municipio);
  const [ativado, setAtivado] = useState(t.ativado);
  const validar = useValidate();
  useUnsavedChanges({ municipio, ativado });
  const salvarTransportadora = useSalvarTransportadora();
  const vw = t.vwTransportadora;

  const salvar = () => {
    if (!podeSalvar || salvarTransportadora.isPending) return;
    const dados = validar(transportadoraCadastroSchema, { id: t.id, municipio: municipio ? { codigo: municipio.codigo } : undefined, ativado, versao: t.versao });
    if (dados) salvarTransportadora.mutate(dados, { onSuccess: onClose });
  };
  useCommands([{ id: 'transportadora.salvar', title: 'Salvar transportadora', group: 'Ações', keys: ['Ctrl+S'], when: () => podeSalvar, run: salvar }]);

  const principais = (
    <div className={formGrid.grade}>
      <Somente rotulo="Código" valor={vw.pk.fornecedorId} />
      <Somente rotulo="CNPJ" valor={t.cnpjFormatado ?? t.cpfCnpjFormatado} />
      <Somente rotulo="Razão social" valor={t.razaoSocial} />
      <Somente rotulo="Nome fantasia" valor={t.nomeFantasia} />
      <Somente rotulo="Inscrição estadual" valor={vw.inscricaoEstadual} />
      <Somente rotulo="Logradouro" valor={vw.logradouro} />
      <Somente rotulo="Complemento" valor={vw.complemento} />
      <Somente rotulo="CEP" valor={vw.cep} />
      <Somente rotulo="Bairro" valor={vw.bairro} />
      <Somente rotulo="Localidade" valor={vw.localidade} />
      <Somente rotulo="Estado" valor={vw.estado} />
      <Somente rotulo="Contato" valor={vw.contato} />
      <Somente rotulo="Telefone 1" valor={vw.telefone1} />
      <Somente rotulo="Telefone 2" valor={vw.telefone2} />
      <Somente rotulo="Telefone 3" valor={vw.telefone3} />
      <label className={formGrid.alternar}>
        <input type="checkbox" checked={ativado} disabled={!podeSalvar} onChange={() => setAtivado(!ativado)} />
        Ativada
      </label>
    </div>
  );
  const ibge = (
    <div className={formGrid.grade}>
      <div className={formGrid.largo}>
        <Autocomplete<MunicipioEscolhido>
          label="Município (nome ou código IBGE)"
          value={municipio}
          onValueChange={setMunicipio}
          queryKey={['municipios', 'busca']}
          search={(texto, signal) => buscarMunicipios(texto, signal)}
          itemToString={(m) => `${m.nome} - ${m.siglaUf} (${m.codigo})`}
          itemToValue={(m) => String(m.codigo)}
        />
      </div>
      <Somente rotulo="Código IBGE" valor={municipio?.codigo} />
      <Somente rotulo="Município" valor={municipio ? `${municipio.nome} - ${municipio.siglaUf}` : ''} />
    </div>
  );

  return (
    <div className={formGrid.corpo}>
      <Tabs
        label="Dados da transportadora"
        items={[
          { value: 'principal', label: 'Dados Principais', content: principais },
          { value: 'ibge', label: 'IBGE', content: ibge },
        ]}
      />
      <DialogButtons onConfirm={podeSalvar ? salvar : undefined} disabled={salvarTransportadora.isPending} />
    </div>
  );
}
