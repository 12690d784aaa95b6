import { css } from '../../../styled-system/css';
import { Button } from './button';
import { leituraDoccob, useTrabalhoDoccob } from './leitura-doccob';
import { KeyCombo } from './key-combo';

const progresso = css({ fontSize: 'sm', color: 'blue.800', fontWeight: 'medium' });

export interface DoccobButtonsProps {
  teclaLer: string;
  teclaEnviar: string;
}

/**
 * "Ler Faturas" (the company's DOCCOB input folder) and "Enviar DOCCOB" (the file picker), with the
 * progress while either runs; the same pair on the Fretes and the Faturas screens.
 */
export function DoccobButtons({ teclaLer, teclaEnviar }: DoccobButtonsProps) {
  const trabalho = useTrabalhoDoccob();
  const ocupado = trabalho !== null;
  return (
    <>
      <Button onClick={leituraDoccob.ler} disabled={ocupado} aria-keyshortcuts={teclaLer}>
        {trabalho === 'lendo' ? 'Lendo…' : 'Ler Faturas'} <KeyCombo keys={[teclaLer]} />
      </Button>
      <Button onClick={leituraDoccob.escolherArquivos} disabled={ocupado} aria-keyshortcuts={teclaEnviar} title="Envia arquivos DOCCOB escolhidos no computador">
        {trabalho === 'enviando' ? 'Enviando…' : 'Enviar DOCCOB'} <KeyCombo keys={[teclaEnviar]} />
      </Button>
      {trabalho && (
        <span role="status" className={progresso}>
          {trabalho === 'lendo' ? 'Lendo as faturas…' : 'Enviando…'}
        </span>
      )}
    </>
  );
}
