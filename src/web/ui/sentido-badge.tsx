import { css, cva } from '../../../styled-system/css';
import { ROTULO_EVENTO_ACESSORIO, type EventoAcessorio, type SentidoOcorrencia } from '../../contracts/ocorrencias';

/** What an occurrence means, in words: the accessorial it justifies, a proof of delivery or a failed attempt. */
export const ROTULO_SENTIDO: Record<SentidoOcorrencia, string> = {
  ...ROTULO_EVENTO_ACESSORIO,
  // The badge is small: the fee's name is its title (hover) and the element form's label.
  TDE: 'TDE',
  ENTREGA: 'Comprovante de entrega',
  INSUCESSO: 'Insucesso',
};

const badge = cva({
  base: { display: 'inline-block', fontSize: 'xs', fontWeight: 'semibold', borderRadius: 'sm', px: '1.5', py: '0.5', whiteSpace: 'nowrap', lineHeight: 'tight' },
  variants: {
    tom: {
      entrega: { bg: 'green.100', color: 'green.900' },
      insucesso: { bg: 'red.100', color: 'red.900' },
      acessorio: { bg: 'amber.100', color: 'amber.900' },
    },
  },
});
const riscado = css({ textDecoration: 'line-through', opacity: 0.7 });

const tom = (s: SentidoOcorrencia) => (s === 'ENTREGA' ? 'entrega' : s === 'INSUCESSO' ? 'insucesso' : 'acessorio');

/** The occurrence's meaning as a small badge (none when it justifies nothing); struck through when cancelled. */
export function SentidoBadge({ sentido, cancelada = false }: { sentido: SentidoOcorrencia | null; cancelada?: boolean }) {
  if (!sentido) return null;
  const classe = badge({ tom: tom(sentido) });
  const titulo = sentido in ROTULO_EVENTO_ACESSORIO ? ROTULO_EVENTO_ACESSORIO[sentido as EventoAcessorio] : undefined;
  return (
    <span className={cancelada ? `${classe} ${riscado}` : classe} title={titulo}>
      {ROTULO_SENTIDO[sentido]}
    </span>
  );
}
