import { useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResultadoLeituraOcoren } from '../../../contracts/ocorrencias';
import { ctesKeys } from '../../api/ctes-api';
import { enviarArquivosOcoren, lerArquivosOcoren, ocorrenciasKeys } from '../../api/ocorrencias-api';
import { useShowMessages } from '../../ui/use-show-messages';

export const MSG_OCOREN_SEM_ARQUIVOS = 'Escolha ao menos um arquivo OCOREN para enviar.';

/** What the reading is doing now: reading the input folder, sending picked files, or nothing. */
export type TrabalhoOcoren = 'lendo' | 'enviando' | null;

/**
 * "Ler arquivos OCOREN" (GET /ocorrencias/ler-arquivos) and "Enviar arquivos OCOREN" (a hidden file picker,
 * POST /ocorrencias/enviar): the answer is kept for the result dialog; the occurrences and the CT-es (their
 * filter marks) are read again afterwards.
 */
export function useLeituraOcoren() {
  const cliente = useQueryClient();
  const mostrar = useShowMessages();
  const seletor = useRef<HTMLInputElement>(null);
  const [trabalho, setTrabalho] = useState<TrabalhoOcoren>(null);
  const [resultado, setResultado] = useState<ResultadoLeituraOcoren | null>(null);

  const executar = async (t: Exclude<TrabalhoOcoren, null>, chamada: () => Promise<ResultadoLeituraOcoren>) => {
    if (trabalho !== null) return;
    setTrabalho(t);
    try {
      setResultado(await chamada());
    } catch {
      // The API client has shown why (400 with the reasons, 409 a reading already running, unavailable).
    } finally {
      setTrabalho(null);
      void cliente.invalidateQueries({ queryKey: ocorrenciasKeys.todos });
      void cliente.invalidateQueries({ queryKey: ctesKeys.todos });
    }
  };
  const escolhidos = (e: ChangeEvent<HTMLInputElement>) => {
    const arquivos = [...(e.target.files ?? [])];
    e.target.value = ''; // the same file picked again is sent again
    if (arquivos.length === 0) mostrar([MSG_OCOREN_SEM_ARQUIVOS]);
    else void executar('enviando', () => enviarArquivosOcoren(arquivos));
  };

  return {
    trabalho,
    resultado,
    fecharResultado: () => setResultado(null),
    ler: () => void executar('lendo', lerArquivosOcoren),
    escolherArquivos: () => seletor.current?.click(),
    seletor: <input ref={seletor} type="file" multiple hidden aria-label="Arquivos OCOREN" tabIndex={-1} onChange={escolhidos} />,
  };
}
