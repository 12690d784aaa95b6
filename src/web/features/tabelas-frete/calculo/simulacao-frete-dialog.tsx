import { useEffect, useId, useRef, useState } from 'react';
import { pedidoCalculoSchema, type PedidoCalculo, type ResultadoCalculo } from '../../../../contracts/calculo-frete';
import { useCalcular, useImprimirCotacao } from '../../../api/tabelas-frete-api';
import { useCommands } from '../../../commands/use-commands';
import { Dialog } from '../../../ui/dialog';
import { DialogButtons } from '../../../ui/dialog-buttons';
import type { AberturaSimulacao, FormularioCalculo } from '../../../ui/simulacao-frete-opener';
import { formGrid } from '../../../ui/form-grid';
import { TITULO_ADVERTENCIA } from '../../../ui/message-list';
import { MessageTitleContext } from '../../../ui/use-show-messages';
import { Tabs } from '../../../ui/tabs';
import { useValidate } from '../../../ui/use-validated-save';
import { DetalhesCalculoTab } from './detalhes-calculo-tab';
import { CalculoFields } from './calculo-fields';
import { formularioVazio, pedidoDoFormulario } from './pedido-calculo';
import { CotacaoTab } from './cotacao-tab';

/** Spec 02 §9: the calculation dialog is 700 px wide. */
export const LARGURA_CALCULO = 700;

export interface SimulacaoFreteDialogProps extends AberturaSimulacao {
  onClose: () => void;
}

/** Freight calculation dialog (spec 02 §2): Detalhes, Cotação, Detalhes do cálculo (Alt+1/2/3); Ctrl+Enter calculates. */
export function SimulacaoFreteDialog(props: SimulacaoFreteDialogProps) {
  // The first field (Data de despacho) takes the focus, not the tab list (the dialog's rule): the user types at once.
  return (
    <MessageTitleContext.Provider value={TITULO_ADVERTENCIA}>
      <Dialog open title="Simular frete" onClose={props.onClose} width={LARGURA_CALCULO}>
        <Conteudo {...props} />
      </Dialog>
    </MessageTitleContext.Provider>
  );
}

function Conteudo({ prefill, calcularAoAbrir }: SimulacaoFreteDialogProps) {
  const id = useId();
  const [form, setForm] = useState<FormularioCalculo>(() => ({ ...formularioVazio(), ...prefill }));
  const [aba, setAba] = useState('detalhes');
  const [calculado, setCalculado] = useState<{ pedido: PedidoCalculo; resultados: ResultadoCalculo[] } | null>(null);
  const validar = useValidate();
  const calculo = useCalcular();
  const impressao = useImprimirCotacao();
  const botaoImprimir = useRef<HTMLButtonElement>(null);
  const set = (patch: Partial<FormularioCalculo>) => setForm((f) => ({ ...f, ...patch }));

  const calcular = () => {
    if (calculo.isPending) return;
    const pedido = validar(pedidoCalculoSchema, pedidoDoFormulario(form));
    if (!pedido) return;
    calculo.mutate(pedido, {
      onSuccess: (resultados) => {
        setCalculado({ pedido, resultados });
        setAba('cotacao');
      },
    });
  };
  const imprimir = () => calculado && !impressao.isPending && impressao.mutate({ pedido: calculado.pedido, transportadoras: null });

  // Spec 02 §4: opened from a CT-e, the calculation runs on opening (once, also under StrictMode).
  const calculouAoAbrir = useRef(false);
  useEffect(() => {
    if (!calcularAoAbrir || calculouAoAbrir.current) return;
    calculouAoAbrir.current = true;
    calcular();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on opening (the ref guards StrictMode)
  // The results tab takes the focus, on its print button, so the keyboard goes on from there.
  // The tab shows its panel a frame later (Ark syncs the controlled value in an effect), and a hidden
  // button cannot take the focus: focus it on the next frame.
  useEffect(() => {
    if (!calculado) return;
    const quadro = requestAnimationFrame(() => botaoImprimir.current?.focus());
    return () => cancelAnimationFrame(quadro);
  }, [calculado]);

  useCommands([
    { id: `${id}:calcular`, title: 'Calcular', group: 'Ações', keys: ['Ctrl+Enter'], run: calcular },
    { id: `${id}:imprimir`, title: 'Imprimir cotação', group: 'Ações', keys: ['Alt+P'], when: () => calculado !== null, run: imprimir },
  ]);

  return (
    <div className={formGrid.corpo}>
      <Tabs
        label="Cálculo de frete"
        value={aba}
        onValueChange={setAba}
        items={[
          { value: 'detalhes', label: 'Detalhes', content: <CalculoFields form={form} set={set} /> },
          {
            value: 'cotacao',
            label: 'Cotação',
            content: (
              <CotacaoTab
                resultados={calculado?.resultados ?? null}
                dataDespacho={calculado?.pedido.dataDespacho ?? null}
                imprimindo={impressao.isPending}
                onImprimir={imprimir}
                botaoImprimir={botaoImprimir}
              />
            ),
          },
          { value: 'calculo', label: 'Detalhes do cálculo', content: <DetalhesCalculoTab resultados={calculado?.resultados ?? null} /> },
        ]}
      />
      <DialogButtons onConfirm={calcular} confirmLabel="Calcular" confirmKeys={['Ctrl+Enter']} disabled={calculo.isPending} />
    </div>
  );
}
