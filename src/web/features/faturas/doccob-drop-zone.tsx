import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { css } from '../../../../styled-system/css';

const estilos = {
  zona: css({ position: 'relative' }),
  aviso: css({
    position: 'absolute',
    inset: '0',
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bg: 'rgba(239, 246, 255, 0.92)',
    borderWidth: '2px',
    borderStyle: 'dashed',
    borderColor: 'blue.600',
    borderRadius: 'lg',
    fontSize: 'lg',
    fontWeight: 'semibold',
    color: 'blue.900',
    pointerEvents: 'none',
  }),
};

const TEXTO_SOLTAR_DOCCOB = 'Solte os arquivos DOCCOB para enviá-los';

const comArquivos = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');

/** Files dropped anywhere on the screen are sent (the keyboard way is "Enviar DOCCOB", Alt+E). */
export function DoccobDropZone({ onDrop, children }: { onDrop: (arquivos: File[]) => void; children: ReactNode }) {
  const [arrastando, setArrastando] = useState(false);
  const entradas = useRef(0);
  const sair = () => {
    entradas.current = 0;
    setArrastando(false);
  };
  return (
    <div
      className={estilos.zona}
      onDragEnter={(e) => {
        if (!comArquivos(e)) return;
        entradas.current++;
        setArrastando(true);
      }}
      onDragOver={(e) => {
        if (!comArquivos(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        entradas.current = Math.max(0, entradas.current - 1);
        if (entradas.current === 0) setArrastando(false);
      }}
      onDrop={(e) => {
        if (!comArquivos(e)) return;
        e.preventDefault();
        sair();
        onDrop([...e.dataTransfer.files]);
      }}
    >
      {children}
      {arrastando && (
        <div className={estilos.aviso} aria-hidden>
          {TEXTO_SOLTAR_DOCCOB}
        </div>
      )}
    </div>
  );
}
