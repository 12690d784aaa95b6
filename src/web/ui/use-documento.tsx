import { useState, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { DocumentoNaoEncontrado } from '../api/romaneios-api';
import { TITULO_ADVERTENCIA } from './message-list';
import { useShowMessages } from './use-show-messages';

const estilo = css({ fontSize: 'sm', color: 'gray.700' });

export interface PedidoDocumento {
  /** What is being made, for the progress line: "o PDF do romaneio 12", "o PDF da nota fiscal 123". */
  rotulo: string;
  baixar: () => Promise<unknown>;
  /** Spec 03 §8: a 404 is a warning 'Advertência' ("Nenhum PDF encontrado para o romaneio 12."). */
  naoEncontrado: string;
}

/**
 * A document download (the manifests' documents, the report downloads): one at a time; while it runs, `andamento` says so (role
 * status, beside the global progress bar) and `ocupado` disables the buttons; a 404 shows its warning
 * (the server's generic "not found" says less). Other failures only log (spec §8), but the session and permission ones.
 */
export function useDocumento(): { baixar: (p: PedidoDocumento) => Promise<boolean>; ocupado: boolean; andamento: ReactNode } {
  const mostrar = useShowMessages();
  const [rotulo, setRotulo] = useState<string | null>(null);
  /** Answers whether the file was delivered. */
  const baixar = async (p: PedidoDocumento) => {
    if (rotulo !== null) return false;
    setRotulo(p.rotulo);
    try {
      await p.baixar();
      return true;
    } catch (e: unknown) {
      if (e instanceof DocumentoNaoEncontrado) mostrar([p.naoEncontrado], TITULO_ADVERTENCIA);
      return false;
    } finally {
      setRotulo(null);
    }
  };
  const andamento = rotulo ? (
    <p role="status" className={estilo}>
      Gerando {rotulo}…
    </p>
  ) : null;
  return { baixar, ocupado: rotulo !== null, andamento };
}
