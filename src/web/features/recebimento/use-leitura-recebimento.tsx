import { useRef, useState, type ChangeEvent } from 'react';
import { FONTES_AGENDADAS, ROTULO_FONTE, type ExecucaoRecebimento, type FonteAgendada } from '../../../contracts/recebimento';
import { useShowMessages } from '../../ui/use-show-messages';
import { enviarArquivos, lerAgora, useAtualizarDepoisDaLeitura } from './recebimento-api';
import { mensagensDaExecucao } from './recebimento-formato';

export const MSG_ENVIO_SEM_ARQUIVOS = 'Escolha ao menos um arquivo para enviar.';
const ROTULO_VER_DOCUMENTOS = 'Ver os documentos';

export const ehAgendada = (fonte: string): fonte is FonteAgendada => (FONTES_AGENDADAS as readonly string[]).includes(fonte);

/**
 * "Ler agora" (the run it started is followed by its card) and "Enviar arquivos" (a hidden file picker; the
 * finished run's summary in the message popup, with its documents one key away).
 */
export function useLeituraRecebimento(verDocumentos: (execucaoId: number) => void) {
  const mostrar = useShowMessages();
  const atualizar = useAtualizarDepoisDaLeitura();
  // The last run started here per source, kept after it ends (its card shows it until the panel has a newer one).
  const [iniciadas, setIniciadas] = useState<Partial<Record<FonteAgendada, { id: number; terminada: boolean }>>>({});
  const lendo = (fonte: FonteAgendada) => iniciadas[fonte]?.terminada === false;
  const [pedindo, setPedindo] = useState<FonteAgendada | null>(null);
  const [enviando, setEnviando] = useState(false);
  const seletor = useRef<HTMLInputElement>(null);

  const ler = async (fonte: FonteAgendada) => {
    if (pedindo || lendo(fonte)) return;
    setPedindo(fonte);
    try {
      const execucao = await lerAgora(fonte);
      setIniciadas((i) => ({
        ...i,
        [fonte]: { id: execucao.id, terminada: false },
      }));
      void atualizar();
    } catch {
      // The API client has shown why (409: a reading of this source already running; not configured).
    } finally {
      setPedindo(null);
    }
  };
  const terminou = (fonte: FonteAgendada) => {
    setIniciadas((i) => (i[fonte] ? { ...i, [fonte]: { ...i[fonte], terminada: true } } : i));
    void atualizar();
  };
  const mostrarResultado = (e: ExecucaoRecebimento, titulo: string) =>
    mostrar(mensagensDaExecucao(e), titulo, {
      rotulo: ROTULO_VER_DOCUMENTOS,
      executar: () => verDocumentos(e.id),
    });

  const enviar = async (arquivos: File[]) => {
    if (arquivos.length === 0) return mostrar([MSG_ENVIO_SEM_ARQUIVOS]);
    setEnviando(true);
    try {
      mostrarResultado(await enviarArquivos(arquivos), ROTULO_FONTE.ENVIO);
    } catch {
      // 400/413 with the reasons, shown by the API client.
    } finally {
      setEnviando(false);
      void atualizar();
    }
  };
  const escolhidos = (e: ChangeEvent<HTMLInputElement>) => {
    const arquivos = [...(e.target.files ?? [])];
    e.target.value = ''; // the same file picked again is sent again
    void enviar(arquivos);
  };

  return {
    /** The id of the last run started here for the source, or null. */
    iniciada: (fonte: FonteAgendada) => iniciadas[fonte]?.id ?? null,
    lendo,
    pedindo,
    enviando,
    ler: (fonte: FonteAgendada) => void ler(fonte),
    terminou,
    escolherArquivos: () => seletor.current?.click(),
    enviar,
    seletor: <input ref={seletor} type="file" multiple hidden aria-label="Arquivos para o recebimento" tabIndex={-1} onChange={escolhidos} />,
  };
}
