import { useId, useRef, type ReactNode } from 'react';
import { css, cx } from '../../../../../styled-system/css';
import { OBSERVACAO_ROMANEIO_MAXIMO, type MotoristaRomaneio } from '../../../../contracts/romaneios';
import { useCommands } from '../../../commands/use-commands';
import { Autocomplete, type AutocompleteProps } from '../../../ui/autocomplete';
import { Button } from '../../../ui/button';
import { abrirCadastroRapido } from '../../../ui/cadastro-rapido-opener';
import { Field } from '../../../ui/field';
import { fieldStyles } from '../../../ui/field-styles';
import { formGrid } from '../../../ui/form-grid';
import { KeyCombo } from '../../../ui/key-combo';
import { TextField } from '../../../ui/text-field';
import { placaDigitada, type RomaneioOsEmEdicao } from './romaneio-os-form';
import {
  buscarMotoristasRomaneio,
  buscarMunicipiosRomaneio,
  buscarTiposVeiculoRomaneio,
  buscarTransportadorasRomaneio,
  porId,
  textoMotorista,
  textoMunicipio,
  textoRef,
} from './romaneio-os-lookups';

export const TECLA_NOVO_MOTORISTA = 'Alt+M';
export const MSG_CAMPOS_TRAVADOS = 'Transportadora, tipo de veículo, origem e destino ficam travados enquanto o romaneio tiver itens.';

const estilos = {
  motorista: css({ display: 'flex', gap: '2', alignItems: 'end', '& > :first-child': { flex: '1', minWidth: '0' } }),
  observacao: css({ minHeight: '20', resize: 'vertical' }),
};

type Campo = 'transportadora' | 'motorista' | 'tipoVeiculo' | 'origem' | 'destino';
type Busca<K extends Campo> = Pick<AutocompleteProps<NonNullable<RomaneioOsEmEdicao[K]>>, 'search' | 'itemToString'> & { raiz: string };
const BUSCAS: { [K in Campo]: Busca<K> } = {
  transportadora: { raiz: 'transportadoras', search: buscarTransportadorasRomaneio, itemToString: textoRef },
  motorista: { raiz: 'motoristas', search: buscarMotoristasRomaneio, itemToString: textoMotorista },
  tipoVeiculo: { raiz: 'tipos-veiculo', search: buscarTiposVeiculoRomaneio, itemToString: textoRef },
  origem: { raiz: 'municipios', search: buscarMunicipiosRomaneio, itemToString: textoMunicipio },
  destino: { raiz: 'municipios', search: buscarMunicipiosRomaneio, itemToString: textoMunicipio },
};

export interface RomaneioOsMainTabProps {
  e: RomaneioOsEmEdicao;
  set: (patch: Partial<RomaneioOsEmEdicao>) => void;
  /** FINALIZADO, CANCELADO or no code to save: every field shown, none changed. */
  disabled: boolean;
  /** Spec §5: items exist, so carrier, vehicle type, origin and destination are read-only. */
  travado: boolean;
  /** The user may create a driver here (FRETE_MOTO_C). */
  podeNovoMotorista: boolean;
}

/** Spec 03 §3 "Service-order manifest": carrier, driver (or a new one), seal, vehicle type, origin, destination, plates, note. */
export function RomaneioOsMainTab({ e, set, disabled, travado, podeNovoMotorista }: RomaneioOsMainTabProps) {
  const id = useId();
  const auto = <K extends Campo>(campo: K, label: string, bloqueado: boolean): ReactNode => {
    const { raiz, ...busca } = BUSCAS[campo] as unknown as Busca<'transportadora'>;
    return (
      <Autocomplete<NonNullable<RomaneioOsEmEdicao['transportadora']>>
        label={label}
        value={e[campo] as RomaneioOsEmEdicao['transportadora']}
        onValueChange={(v) => set({ [campo]: v } as Partial<RomaneioOsEmEdicao>)}
        queryKey={[raiz, 'romaneio-os', campo]}
        itemToValue={porId}
        disabled={disabled || bloqueado}
        {...busca}
      />
    );
  };
  const campoMotorista = useRef<HTMLDivElement>(null);
  // From any field (Alt+M) or the button: the focus comes back to Motorista, with the saved driver in it.
  const novoMotorista = async () => {
    const m = await abrirCadastroRapido('motorista', campoMotorista.current);
    if (m) set({ motorista: { id: m.id, nome: m.nome, cpfFormatado: m.cpfFormatado, cnh: m.cnh } satisfies MotoristaRomaneio });
  };
  const podeCriar = podeNovoMotorista && !disabled;
  useCommands(podeCriar ? [{ id: `${id}:novo-motorista`, title: 'Novo motorista', group: 'Ações', keys: [TECLA_NOVO_MOTORISTA], run: () => void novoMotorista() }] : []);
  const placa = (campo: 'placaCarreta' | 'placaCavalo', label: string) => (
    <TextField label={label} value={e[campo]} onValueChange={(v) => set({ [campo]: placaDigitada(v) })} disabled={disabled} autoCapitalize="characters" />
  );
  return (
    <div className={formGrid.corpo}>
      {travado && !disabled && <p className={fieldStyles.hint}>{MSG_CAMPOS_TRAVADOS}</p>}
      <div className={formGrid.grade}>
        {auto('transportadora', 'Transportadora', travado)}
        <div className={estilos.motorista} ref={campoMotorista}>
          {auto('motorista', 'Motorista', false)}
          {podeCriar && (
            <Button onClick={() => void novoMotorista()} aria-keyshortcuts={TECLA_NOVO_MOTORISTA}>
              Novo motorista <KeyCombo keys={[TECLA_NOVO_MOTORISTA]} />
            </Button>
          )}
        </div>
        <TextField label="Número do lacre" value={e.lacre} onValueChange={(lacre) => set({ lacre })} maxLength={30} disabled={disabled} />
        {auto('tipoVeiculo', 'Tipo de veículo', travado)}
        {auto('origem', 'Município de origem', travado)}
        {auto('destino', 'Município de destino', travado)}
        {placa('placaCarreta', 'Placa da carreta')}
        {placa('placaCavalo', 'Placa do cavalo')}
        <div className={formGrid.largo}>
          <CampoObservacao value={e.observacao} onValueChange={(observacao) => set({ observacao })} disabled={disabled} />
        </div>
      </div>
    </div>
  );
}

/** Spec §3: observação, up to 4,000 characters. */
function CampoObservacao({ value, onValueChange, disabled }: { value: string; onValueChange: (v: string) => void; disabled: boolean }) {
  return (
    <Field label="Observação">
      {(id) => (
        <textarea
          id={id}
          className={cx(fieldStyles.input, estilos.observacao)}
          value={value}
          maxLength={OBSERVACAO_ROMANEIO_MAXIMO}
          disabled={disabled}
          onChange={(ev) => onValueChange(ev.target.value)}
        />
      )}
    </Field>
  );
}
