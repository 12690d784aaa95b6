import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import type { CteCompleto } from '../../../contracts/ctes';
import type { TipoReferencia } from '../../../contracts/ocorrencias';
import { formatBrl } from '../../../domain/format-brl';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { cteDetailOpener } from '../../ui/cte-detail-opener';
import { KeyCombo } from '../../ui/key-combo';
import { ROTULO_STATUS_CTE } from './status-labels';

/** Opens the CT-e this one complements, annuls or substitutes (when it was received). */
export const TECLA_ABRIR_REFERENCIADO = 'Alt+O';

const VERBO: Record<TipoReferencia, string> = { COMPLEMENTO: 'Complementa', ANULACAO: 'Anula', SUBSTITUICAO: 'Substitui' };
const PARTICIPIO: Record<TipoReferencia, string> = { COMPLEMENTO: 'Complementado por', ANULACAO: 'Anulado por', SUBSTITUICAO: 'Substituído por' };
const NOME: Record<TipoReferencia, string> = { COMPLEMENTO: 'complemento', ANULACAO: 'anulação', SUBSTITUICAO: 'substituto' };

const estilos = {
  bloco: css({ display: 'flex', flexDirection: 'column', gap: '1.5', mt: '2', fontSize: 'sm', bg: 'blue.50', borderWidth: '1px', borderColor: 'blue.200', borderRadius: 'md', px: '3', py: '2' }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold' }),
  linha: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  chave: css({ fontFamily: 'mono', fontSize: 'xs', color: 'gray.700', overflowWrap: 'anywhere' }),
};

type Referencia = NonNullable<CteCompleto['referencia']>;
type Referenciador = NonNullable<CteCompleto['referenciadoPor']>[number];

export const textoReferencia = (r: Referencia) => `${VERBO[r.tipo]} o CT-e ${r.numero ?? 'ainda não recebido'}`;
const tituloAbrirReferenciado = (r: Referencia) => (r.numero === null ? 'Abrir o CT-e original' : `Abrir o CT-e ${r.numero} (original)`);
export const textoReferenciador = (r: Referenciador) => `${PARTICIPIO[r.tipo]} CT-e ${r.numero} (${formatBrl(r.valorTotal)})`;

/**
 * Issue 31: the CT-e this one refers to (tpCTe 1, 2, 3) and those that refer to it, each openable: Alt+O opens
 * the referenced one; the others are buttons and palette commands ("Abrir o CT-e 123 (complemento)").
 */
export function CteReferencias({ cte }: { cte: CteCompleto }) {
  const ref = cte.referencia ?? null;
  const por = cte.referenciadoPor ?? [];
  const instancia = useId();
  useCommands([
    ...(ref?.id
      ? [{ id: `${instancia}:referenciado`, title: tituloAbrirReferenciado(ref), group: 'Ações' as const, keys: [TECLA_ABRIR_REFERENCIADO], run: () => cteDetailOpener.abrir(ref.id!) }]
      : []),
    ...por.map((r) => ({ id: `${instancia}:referenciador.${r.id}`, title: `Abrir o CT-e ${r.numero} (${NOME[r.tipo]})`, group: 'Ações' as const, keys: [], run: () => cteDetailOpener.abrir(r.id) })),
  ]);
  if (!ref && por.length === 0) return null;
  return (
    <section className={estilos.bloco} aria-label="CT-es relacionados">
      {ref && (
        <div className={estilos.linha}>
          <span className={estilos.titulo}>{textoReferencia(ref)}</span>
          <span className={estilos.chave}>Chave {ref.chave}</span>
          {ref.id !== null && (
            <Button size="sm" onClick={() => cteDetailOpener.abrir(ref.id!)} aria-keyshortcuts={TECLA_ABRIR_REFERENCIADO} title={tituloAbrirReferenciado(ref)}>
              Abrir <KeyCombo keys={[TECLA_ABRIR_REFERENCIADO]} />
            </Button>
          )}
        </div>
      )}
      {por.map((r) => (
        <div key={r.id} className={estilos.linha}>
          <span className={estilos.titulo}>{textoReferenciador(r)}</span>
          <span>{ROTULO_STATUS_CTE[r.status] ?? r.status}</span>
          <span className={estilos.chave}>Chave {r.chave}</span>
          <Button size="sm" onClick={() => cteDetailOpener.abrir(r.id)} aria-label={`Abrir o CT-e ${r.numero}`}>
            Abrir
          </Button>
        </div>
      ))}
    </section>
  );
}
