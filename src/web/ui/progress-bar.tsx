import { css } from '../../../styled-system/css';

const barra = css({
  position: 'fixed',
  top: '0',
  left: '0',
  right: '0',
  height: '3px',
  zIndex: 3000,
  overflow: 'hidden',
  bg: 'blue.100',
  '& > span': {
    display: 'block',
    height: '100%',
    width: '40%',
    bg: 'blue.600',
    animation: 'progresso 1.1s ease-in-out infinite',
  },
});

/** The global progress bar: shown while calls are in flight. */
export function ProgressBar({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div role="progressbar" aria-label="Carregando" aria-busy="true" className={barra}>
      <span />
    </div>
  );
}
