import { css } from '../../../../styled-system/css';
import { AlertDialog } from '../../ui/alert-dialog';

export const TITULO_AJUDA_INDICADORES = 'Ajuda: indicadores de frete';

/** Spec 03 §5 "Indicator formulas (help text)", in Portuguese, one line each. */
export const FORMULAS_INDICADORES = [
  'Frete a pagar = peso da NF × (valor do CT-e / peso do CT-e);',
  'Frete peso = frete a pagar / peso do CT-e;',
  'Frete valor = frete a pagar / valor da NF;',
  'Cada um é comparado com os limites da UF de destino (limiteFretePeso, limiteFreteValor).',
];

export const TEXTO_SITUACAO_INDICADORES =
  'O frete peso é lido em reais por quilo (R$/kg) e o frete valor em percentual (× 100); cada um é comparado com o limite da UF de destino: verde quando abaixo do limite, vermelho caso contrário.';

const estilos = {
  lista: css({ listStyle: 'disc', pl: '5', display: 'flex', flexDirection: 'column', gap: '1', color: 'gray.800', mb: '3' }),
  texto: css({ fontSize: 'sm', color: 'gray.700' }),
};

/** The Ajuda dialog of /indicadores: the formulas and how the colours read. */
export function AjudaIndicadoresDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AlertDialog open={open} title={TITULO_AJUDA_INDICADORES} onClose={onClose}>
      <ul className={estilos.lista} aria-label="Fórmulas">
        {FORMULAS_INDICADORES.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <p className={estilos.texto}>{TEXTO_SITUACAO_INDICADORES}</p>
    </AlertDialog>
  );
}
