import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { MSG_NENHUM_INDICADOR, TITULO_ADVERTENCIA_INDICADORES, TITULO_MENSAGEM_SERVIDOR } from '../../../contracts/indicadores';
import { validarFiltroIndicadores } from '../../../domain/indicadores/validar-filtro-indicadores';
import { mesSaoPaulo } from '../../../domain/sao-paulo-date';
import { useDownloadComProgresso, type PedidoDownload } from '../../api/baixar-com-progresso';
import { pedidoIndicadoresFrete, pedidoIndicadoresServidor, type FiltroIndicadoresEntrada } from '../../api/indicadores-api';
import { primeiroControleUtil } from '../../commands/focus-targets';
import { Button } from '../../ui/button';
import { FieldErrorsContext, useFieldErrorsScope } from '../../ui/field-errors';
import { KeyCombo } from '../../ui/key-combo';
import { TextField } from '../../ui/text-field';
import { useShowMessages } from '../../ui/use-show-messages';
import { useFieldsGate } from '../../ui/use-validated-save';
import { CamposPeriodoIndicadores, type PeriodoIndicadores } from '../../ui/campos-periodo-indicadores';

/** Free on Fretes (keyboard map): the same key exports the indicators on /indicadores. */
export const TECLA_INDICADORES = 'Alt+X';
export const TITULO_PAINEL_INDICADORES = 'Indicadores de frete';

const estilos = {
  secao: css({ borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', mb: '3', bg: 'white' }),
  alternar: css({ width: '100%', display: 'flex', alignItems: 'center', gap: '2', px: '3', py: '2', fontSize: 'sm', fontWeight: 'semibold', cursor: 'pointer', _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' } }),
  corpo: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '3', alignItems: 'end', px: '3', pb: '3' }),
  botoes: css({ display: 'flex', gap: '2', alignItems: 'end', flexWrap: 'wrap' }),
  andamento: css({ gridColumn: '1 / -1', fontSize: 'sm', color: 'gray.700', minHeight: '5' }),
};

interface Filtros extends PeriodoIndicadores {
  numeroFatura: string;
}

function filtrosPadrao(): Filtros {
  const { dataIni, dataFim } = mesSaoPaulo();
  return { inicio: dataIni, fim: dataFim, referencia: 'NF', transportadora: null, numeroFatura: '' };
}

const paraFiltro = (f: Filtros): FiltroIndicadoresEntrada => ({
  filtroRadioGroup: f.referencia,
  dataEmissao_inicio: f.inicio || undefined,
  dataEmissao_fim: f.fim || undefined,
  transportadora: f.transportadora?.id,
  numeroFatura: f.numeroFatura.trim() || undefined,
});

/** The panel's open state: opening remembers where the focus was, closing with Esc gives it back. */
export function usePainelIndicadores() {
  const [aberto, setAberto] = useState(false);
  const [pedidoFoco, setPedidoFoco] = useState(0);
  // Kept while the screen lives: closing and reopening the panel finds the filter as it was left.
  const [filtros, setFiltros] = useState(filtrosPadrao);
  const origem = useRef<HTMLElement | null>(null);
  const abrir = () => {
    origem.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAberto(true);
    setPedidoFoco((n) => n + 1);
  };
  const fechar = (devolverFoco: boolean) => {
    setAberto(false);
    if (devolverFoco && origem.current?.isConnected) origem.current.focus();
  };
  const set = (patch: Partial<Filtros>) => setFiltros((atual) => ({ ...atual, ...patch }));
  return { aberto, pedidoFoco, abrir, fechar, alternar: () => (aberto ? fechar(false) : abrir()), filtros, set };
}
export type PainelIndicadores = ReturnType<typeof usePainelIndicadores>;

/** Spec 03 §2.6: the Freight Indicators panel of /ctes, closed by default, with its two CSV buttons. */
export function IndicadoresPanel({ painel }: { painel: PainelIndicadores }) {
  const id = useId();
  const corpo = useRef<HTMLDivElement>(null);
  const camposInvalidos = useFieldErrorsScope();
  useEffect(() => {
    if (painel.aberto) primeiroControleUtil(corpo.current)?.focus();
  }, [painel.aberto, painel.pedidoFoco]);
  const aoTeclar = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented || (e.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    e.preventDefault();
    painel.fechar(true);
  };
  return (
    <section aria-labelledby={`${id}-titulo`} className={estilos.secao} onKeyDown={aoTeclar}>
      <h2 id={`${id}-titulo`}>
        <button type="button" className={estilos.alternar} aria-expanded={painel.aberto} aria-controls={`${id}-corpo`} aria-keyshortcuts={TECLA_INDICADORES} onClick={painel.alternar}>
          <span aria-hidden>{painel.aberto ? '▾' : '▸'}</span>
          {TITULO_PAINEL_INDICADORES} <KeyCombo keys={[TECLA_INDICADORES]} />
        </button>
      </h2>
      <div id={`${id}-corpo`} ref={corpo} hidden={!painel.aberto}>
        {painel.aberto && (
          <FieldErrorsContext.Provider value={camposInvalidos}>
            <CamposIndicadores f={painel.filtros} set={painel.set} />
          </FieldErrorsContext.Provider>
        )}
      </div>
    </section>
  );
}

/** The filters and the two downloads, each validated (spec §5, without the CT-e number) before it starts. */
function CamposIndicadores({ f, set }: { f: Filtros; set: (patch: Partial<Filtros>) => void }) {
  const download = useDownloadComProgresso();
  const mostrar = useShowMessages();
  const camposLegiveis = useFieldsGate(TITULO_ADVERTENCIA_INDICADORES);
  const baixar = (pedido: (filtro: FiltroIndicadoresEntrada) => PedidoDownload) => {
    if (!camposLegiveis()) return;
    const filtro = paraFiltro(f);
    const mensagens = validarFiltroIndicadores(filtro, false);
    if (mensagens.length > 0) return mostrar(mensagens, TITULO_ADVERTENCIA_INDICADORES);
    void download.baixar(pedido(filtro), (m) => mostrar(m.length > 0 ? m : [MSG_NENHUM_INDICADOR], TITULO_MENSAGEM_SERVIDOR));
  };
  return (
    <div className={estilos.corpo} role="group" aria-label="Filtros dos indicadores de frete">
      <CamposPeriodoIndicadores f={f} set={set} nomeGrupo="ctes-indicadores-referencia" />
      <TextField label="Nº da fatura" value={f.numeroFatura} onValueChange={(numeroFatura) => set({ numeroFatura })} maxLength={20} />
      <div className={estilos.botoes}>
        <Button type="button" ocupado={download.ocupado} onClick={() => baixar(pedidoIndicadoresFrete)}>
          CSV Indicadores-Frete
        </Button>
        <Button type="button" ocupado={download.ocupado} onClick={() => baixar(pedidoIndicadoresServidor)}>
          CSV Indicadores
        </Button>
      </div>
      <p role="status" className={estilos.andamento}>
        {download.texto}
      </p>
    </div>
  );
}
