import { useEffect, useRef, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UsuarioLogado } from '../../contracts/auth';
import {
  ARQUIVOS_POR_ENVIO,
  mensagemArquivoGrandeDemais,
  MSG_ENVIO_ARQUIVOS_DEMAIS,
  MSG_ENVIO_SEM_ARQUIVO,
  TAMANHO_MAXIMO_DOCCOB,
  type ResultadoLeituraFaturas,
} from '../../contracts/faturas';
import { temPermissao } from '../../domain/permissoes';
import { ctesKeys } from '../api/ctes-api';
import { enviarDoccob, faturasKeys, lerFaturas } from '../api/faturas-api';
import { useCommands } from '../commands/use-commands';
import { urlFaturasLidas } from '../features/faturas/fatura-filters';
import { leituraDoccob, type TrabalhoDoccob } from '../ui/leitura-doccob';
import { useShowMessages } from '../ui/use-show-messages';
import { router } from './router';

const ROTULO_VER_FATURAS_LIDAS = 'Ver as faturas lidas';
/** docs/decisoes.md §18: Ler Faturas and the upload belong to the CT-e screen's and the faturas' users. */
const podeLerFaturas = (u: UsuarioLogado | null) => u !== null && (temPermissao(u, 'FRETE_CTE_M') || temPermissao(u, 'FRETE_FAT_M'));
// These screens have their own commands, with keys, for the same actions: one entry in the palette.
const TELAS_COM_COMANDOS = ['/ctes', '/faturas'];

/** What is refused before sending (the server checks the same). */
function recusasDoEnvio(arquivos: readonly File[]): string[] {
  if (arquivos.length === 0) return [MSG_ENVIO_SEM_ARQUIVO];
  if (arquivos.length > ARQUIVOS_POR_ENVIO) return [MSG_ENVIO_ARQUIVOS_DEMAIS];
  return arquivos.filter((a) => a.size > TAMANHO_MAXIMO_DOCCOB).map((a) => mensagemArquivoGrandeDemais(a.name));
}


/**
 * "Ler faturas" (GET /faturas/ler-arquivos) and the DOCCOB upload (POST /faturas/enviar), asked from any
 * screen through leituraDoccob: the hidden file picker, the progress, the summary in the message popup with
 * "Ver as faturas lidas" (for who may open /faturas), and the palette commands of the other screens.
 */
export function LeituraDoccobHost({ usuario }: { usuario: UsuarioLogado }) {
  const mostrar = useShowMessages();
  const cliente = useQueryClient();
  const seletor = useRef<HTMLInputElement>(null);
  const podeVer = temPermissao(usuario, 'FRETE_FAT_M');

  const executar = async (trabalho: Exclude<TrabalhoDoccob, null>, chamada: () => Promise<ResultadoLeituraFaturas>) => {
    if (leituraDoccob.getSnapshot() !== null) return;
    leituraDoccob.informar(trabalho);
    try {
      const r = await chamada();
      const ver = podeVer && (r.faturas?.length ?? 0) > 0 ? { rotulo: ROTULO_VER_FATURAS_LIDAS, executar: () => void router.navigate(urlFaturasLidas(r.periodo, r.faturas.length === 1 ? r.faturas[0] : null)) } : undefined;
      // The server's summary, then one "arquivo: motivo" line per refused file.
      mostrar(r.mensagens, undefined, ver);
    } catch {
      // The API client has shown why (400 with the reasons, 409 a reading already running, unavailable).
    } finally {
      leituraDoccob.informar(null);
      void cliente.invalidateQueries({ queryKey: faturasKeys.todos });
      void cliente.invalidateQueries({ queryKey: ctesKeys.todos });
    }
  };
  const enviar = (arquivos: File[]) => {
    const recusas = recusasDoEnvio(arquivos);
    if (recusas.length > 0) mostrar(recusas);
    else void executar('enviando', () => enviarDoccob(arquivos));
  };

  const atual = useRef({ executar, enviar });
  atual.current = { executar, enviar };
  useEffect(
    () =>
      leituraDoccob.registrar({
        ler: () => void atual.current.executar('lendo', lerFaturas),
        escolherArquivos: () => seletor.current?.click(),
        enviar: (arquivos) => atual.current.enviar(arquivos),
      }),
    [],
  );
  const fora = (pathname: string) => !TELAS_COM_COMANDOS.includes(pathname);
  useCommands([
    { id: 'geral.ler-faturas', title: 'Ler faturas', group: 'Geral', keys: [], when: (ctx) => podeLerFaturas(ctx.usuario) && fora(ctx.pathname), run: leituraDoccob.ler },
    {
      id: 'geral.enviar-doccob',
      title: 'Enviar arquivos DOCCOB',
      group: 'Geral',
      keys: [],
      when: (ctx) => podeLerFaturas(ctx.usuario) && fora(ctx.pathname),
      run: leituraDoccob.escolherArquivos,
    },
  ]);

  const escolhidos = (e: ChangeEvent<HTMLInputElement>) => {
    const arquivos = [...(e.target.files ?? [])];
    e.target.value = ''; // the same file picked again is sent again
    if (arquivos.length > 0) enviar(arquivos);
  };
  return <input ref={seletor} type="file" multiple hidden aria-label="Arquivos DOCCOB" tabIndex={-1} onChange={escolhidos} />;
}
