import { useId, useRef, type RefObject } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { OBSERVACAO_ROMANEIO_MAXIMO, type MotoristaRomaneio, type RomaneioFrete, type VeiculoRomaneio } from '../../../contracts/romaneios';
import { formatarDataHora } from '../../../domain/cte/formatar-cte';
import { formatNumberBr } from '../../../domain/format-number-br';
import { Autocomplete } from '../../ui/autocomplete';
import { Button } from '../../ui/button';
import type { TipoCadastroRapido } from '../../ui/cadastro-rapido-opener';
import { DecimalInput } from '../../ui/decimal-input';
import { fieldStyles } from '../../ui/field-styles';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { LabelValueList } from '../../ui/label-value-list';
import { VALORES, type RomaneioEmEdicao } from './romaneio-frete-form';
import { TECLA_NOVO_MOTORISTA, TECLA_NOVO_VEICULO, useCadastroNoCampo } from './use-cadastro-no-campo';
import { buscarMotoristasRomaneio, buscarVeiculosRomaneio, porId, textoMotorista, textoVeiculo } from './romaneio-lookups';

const estilos = {
  comBotao: css({ display: 'flex', alignItems: 'flex-end', gap: '2', '& > :first-child': { flex: '1', minWidth: '0' } }),
  observacao: css({ minHeight: '24', resize: 'vertical' }),
};

export interface RomaneioMainTabProps {
  romaneio: RomaneioFrete;
  e: RomaneioEmEdicao;
  set: (patch: Partial<RomaneioEmEdicao>) => void;
  editavel: boolean;
  /** The vehicle field's box: the save reads whether a text is typed there and not picked. */
  veiculo: RefObject<HTMLDivElement | null>;
  /** Which registers the user may create from here (spec 03 §2.8; FRETE_MOTO_C, FRETE_VEIC_C). */
  cadastrar: Record<TipoCadastroRapido, boolean>;
}

/** Spec 03 §2.8 "Dados principais": driver and vehicle (picked entities, or created here), the five values, the note. */
export function RomaneioMainTab({ romaneio, e, set, editavel, veiculo, cadastrar }: RomaneioMainTabProps) {
  const motorista = useRef<HTMLDivElement>(null);
  const pode = (tipo: TipoCadastroRapido) => editavel && cadastrar[tipo];
  const criar = useCadastroNoCampo({ motorista, veiculo }, pode, set);
  const botao = (tipo: TipoCadastroRapido, rotulo: string, tecla: string) =>
    pode(tipo) && (
      <Button aria-keyshortcuts={tecla} onClick={() => criar(tipo)}>
        {rotulo} <KeyCombo keys={[tecla]} />
      </Button>
    );
  return (
    <div className={formGrid.corpo}>
      <LabelValueList
        coluna={170}
        campos={[
          ['Número', romaneio.numero === null ? 'Novo' : formatNumberBr(romaneio.numero)],
          ['Emissão', formatarDataHora(romaneio.dataEmissao)],
        ]}
      />
      <div className={formGrid.grade}>
        <div className={estilos.comBotao} ref={motorista}>
          <Autocomplete<MotoristaRomaneio>
            label="Motorista"
            value={e.motorista}
            onValueChange={(m) => set({ motorista: m })}
            queryKey={['motoristas', 'romaneio']}
            search={buscarMotoristasRomaneio}
            itemToString={textoMotorista}
            itemToValue={porId}
            disabled={!editavel}
          />
          {botao('motorista', 'Novo motorista', TECLA_NOVO_MOTORISTA)}
        </div>
        <div className={estilos.comBotao} ref={veiculo}>
          <Autocomplete<VeiculoRomaneio>
            label="Veículo"
            value={e.veiculo}
            onValueChange={(v) => set({ veiculo: v })}
            queryKey={['veiculos', 'romaneio']}
            search={buscarVeiculosRomaneio}
            itemToString={textoVeiculo}
            itemToValue={porId}
            disabled={!editavel}
          />
          {botao('veiculo', 'Novo veículo', TECLA_NOVO_VEICULO)}
        </div>
        {VALORES.map(([campo, rotulo]) => (
          <DecimalInput key={campo} label={rotulo} value={e[campo]} onValueChange={(v) => set({ [campo]: v })} decimals={2} disabled={!editavel} />
        ))}
        <CampoObservacao valor={e.observacao} set={set} editavel={editavel} />
      </div>
    </div>
  );
}

/** "Observação": up to OBSERVACAO_ROMANEIO_MAXIMO characters, with the count under it. */
function CampoObservacao({ valor, set, editavel }: { valor: string; set: (patch: Partial<RomaneioEmEdicao>) => void; editavel: boolean }) {
  const id = useId();
  return (
    <div className={cx(formGrid.largo, fieldStyles.field)}>
      <label htmlFor={id} className={fieldStyles.label}>
        Observação
      </label>
      <textarea
        id={id}
        className={cx(fieldStyles.input, estilos.observacao)}
        value={valor}
        maxLength={OBSERVACAO_ROMANEIO_MAXIMO}
        disabled={!editavel}
        aria-describedby={`${id}-nota`}
        onChange={(ev) => set({ observacao: ev.target.value })}
      />
      <span id={`${id}-nota`} className={fieldStyles.hint}>
        {formatNumberBr(valor.length)} de {formatNumberBr(OBSERVACAO_ROMANEIO_MAXIMO)} caracteres
      </span>
    </div>
  );
}
