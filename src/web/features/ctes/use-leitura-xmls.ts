import { lerXmls, useAcaoCte, type LeituraXmls } from '../../api/ctes-api';
import { useShowMessages } from '../../ui/use-show-messages';

const ROTULO_VER_LIDOS = 'Ver os CT-es lidos';

/**
 * Ler XMLs (Alt+L): the reading's summary in the message popup; when CT-es were added, it offers "Ver os
 * CT-es lidos" (focused: Enter), which lists their period with tomador Todos; otherwise the default month
 * and REMETENTE would hide them.
 */
export function useLeituraXmls(verPeriodo: (periodo: NonNullable<LeituraXmls['periodo']>) => void) {
  const mostrar = useShowMessages();
  const ler = useAcaoCte(lerXmls);
  return {
    lendo: ler.isPending,
    lerXmls: () => {
      if (ler.isPending) return;
      ler.mutate(undefined, {
        onSuccess: ({ mensagens, periodo }) => {
          const acao = periodo ? { rotulo: ROTULO_VER_LIDOS, executar: () => verPeriodo(periodo) } : undefined;
          mostrar(mensagens.length ? mensagens : ['Leitura concluída.'], undefined, acao);
        },
      });
    },
  };
}
