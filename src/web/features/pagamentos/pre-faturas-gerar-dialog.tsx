import { useState, type Dispatch, type SetStateAction } from 'react';
import { preFaturaCriarSchema, type PreFatura } from '../../../contracts/pre-faturas';
import { relogio } from '../../../domain/relogio';
import { mesSaoPaulo, somarDias } from '../../../domain/sao-paulo-date';
import { buscarTransportadorasSimples } from '../../api/transportadoras-api';
import { useCommands } from '../../commands/use-commands';
import { Autocomplete } from '../../ui/autocomplete';
import { DateInput } from '../../ui/date-input';
import { DecimalInput } from '../../ui/decimal-input';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { useCriarPreFatura } from './pre-faturas-api';

export const TITULO_GERAR_PRE_FATURA = 'Gerar pré-fatura';
export const MSG_ESCOLHA_TRANSPORTADORA = 'Transportadora: escolha a transportadora da pré-fatura.';

interface TransportadoraEscolha {
  id: number;
  nome: string;
}

const buscar = (texto: string, signal: AbortSignal): Promise<TransportadoraEscolha[]> =>
  buscarTransportadorasSimples(texto, signal).then((ts) => ts.map((t) => ({ id: t.id, nome: t.razaoSocial })));

/** The month before the current one (São Paulo, by the console's clock): its first and last day. */
export function mesAnterior(agora = relogio.agora()): {
  inicio: string;
  fim: string;
} {
  const fim = somarDias(mesSaoPaulo(agora).dataIni, -1);
  return { inicio: `${fim.slice(0, 8)}01`, fim };
}

interface Campos {
  transportadora: TransportadoraEscolha | null;
  inicio: string | null;
  fim: string | null;
  diferencaMinima: string;
}

/** The request the fields make: the dates as typed (ISO), a blank "Diferença mínima" left out. */
export function corpoPreFatura(c: Campos) {
  return {
    transportadora: c.transportadora?.id,
    inicio: c.inicio ?? undefined,
    fim: c.fim ?? undefined,
    ...(c.diferencaMinima.trim() === '' ? {} : { diferencaMinima: c.diferencaMinima }),
  };
}

export interface PreFaturasGerarDialogProps {
  onClose: () => void;
  /** The pré-fatura made: the tab selects it. */
  onCriada: (p: PreFatura) => void;
}

/**
 * "Gerar pré-fatura": the carrier, the period (the previous month to start with) and the optional minimum
 * difference; Ctrl+S creates it, closes and shows the server's message (a 400/409 shows its own and keeps it open).
 */
export function PreFaturasGerarDialog(props: PreFaturasGerarDialogProps) {
  const [campos, setCampos] = useState<Campos>(() => ({
    transportadora: null,
    ...mesAnterior(),
    diferencaMinima: '',
  }));
  return (
    <Dialog open title={TITULO_GERAR_PRE_FATURA} onClose={props.onClose} size="sm" dirty={campos.transportadora !== null || campos.diferencaMinima !== ''}>
      <Formulario {...props} campos={campos} setCampos={setCampos} />
    </Dialog>
  );
}

/** Inside the dialog, so its Ctrl+S is bound in the dialog's layer. */
function Formulario({
  onClose,
  onCriada,
  campos,
  setCampos,
}: PreFaturasGerarDialogProps & {
  campos: Campos;
  setCampos: Dispatch<SetStateAction<Campos>>;
}) {
  const set = (patch: Partial<Campos>) => setCampos((c) => ({ ...c, ...patch }));
  const validar = useValidate();
  const mostrar = useShowMessages();
  const criacao = useCriarPreFatura();

  const gerar = () => {
    if (criacao.isPending) return;
    if (!campos.transportadora) return mostrar([MSG_ESCOLHA_TRANSPORTADORA]);
    const corpo = validar(preFaturaCriarSchema, corpoPreFatura(campos));
    if (!corpo) return;
    criacao.mutate(corpo, {
      onSuccess: ({ mensagens, preFatura }) => {
        onCriada(preFatura);
        onClose();
        mostrar(mensagens);
      },
    });
  };
  useCommands([
    {
      id: 'pagamentos.pre-faturas.criar',
      title: 'Criar a pré-fatura',
      group: 'Ações',
      keys: ['Ctrl+S'],
      run: gerar,
    },
  ]);

  return (
    <div className={formGrid.corpo}>
      <Autocomplete<TransportadoraEscolha>
        label="Transportadora"
        value={campos.transportadora}
        onValueChange={(transportadora) => set({ transportadora })}
        queryKey={['pre-faturas', 'transportadora']}
        search={buscar}
        itemToString={(t) => t.nome}
        itemToValue={(t) => String(t.id)}
      />
      <div className={formGrid.grade}>
        <DateInput label="Data inicial" value={campos.inicio} onValueChange={(inicio) => set({ inicio })} />
        <DateInput label="Data final" value={campos.fim} onValueChange={(fim) => set({ fim })} />
      </div>
      <DecimalInput label="Diferença mínima" value={campos.diferencaMinima} onValueChange={(diferencaMinima) => set({ diferencaMinima })} decimals={2} />
      <DialogButtons onConfirm={gerar} confirmLabel="Criar" disabled={criacao.isPending} />
    </div>
  );
}
