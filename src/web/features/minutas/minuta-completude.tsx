import { css } from '../../../../styled-system/css';
import { dicaCompletude, minutaCompleta, type DadosCompletudeMinuta } from '../../../domain/minutas/completude-minuta';

const estilos = {
  linha: css({ fontSize: 'sm', borderRadius: 'md', px: '3', py: '2', borderWidth: '1px' }),
  falta: css({ color: 'amber.900', bg: 'amber.50', borderColor: 'amber.300' }),
  completa: css({ color: 'green.900', bg: 'green.50', borderColor: 'green.300' }),
};

/** What the minuta still lacks to be confirmed (spec 03 §4), from the same function as the list's tooltip. */
export function MinutaCompletude({ dados }: { dados: DadosCompletudeMinuta }) {
  const completa = minutaCompleta(dados) || dados.status !== 'PENDENTE';
  return (
    <p role="status" aria-label="Completude da minuta" className={`${estilos.linha} ${completa ? estilos.completa : estilos.falta}`}>
      {dicaCompletude(dados)}
    </p>
  );
}
