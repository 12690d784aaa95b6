import { css } from '../../../../styled-system/css';
import { FONTES_AGENDADAS, ROTULO_FONTE } from '../../../contracts/recebimento';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { KeyCombo } from '../../ui/key-combo';
import { FonteCard } from './fonte-card';
import { usePainelRecebimento } from './recebimento-api';
import { ehAgendada, useLeituraRecebimento } from './use-leitura-recebimento';

export const TECLA_ENVIAR = 'Alt+E';
export const TECLA_ATUALIZAR = 'Alt+U';
export const TITULO_LER_AGORA = 'Ler agora';
export const TITULO_ENVIAR = 'Enviar arquivos';

const estilos = {
  barra: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    alignItems: 'center',
    mb: '3',
  }),
  cartoes: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  dica: css({ fontSize: 'sm', color: 'gray.700' }),
};

/**
 * The Fontes tab of /recebimento: one card per source (folders, upload, mailbox, SEFAZ) with its last run and
 * "Ler agora" (palette: "Ler agora: <fonte>"); "Enviar arquivos" (Alt+E) sends any XML, EDI or zip picked.
 */
export function FontesAba({ verDocumentos }: { verDocumentos: (execucaoId: number) => void }) {
  const painel = usePainelRecebimento();
  const leitura = useLeituraRecebimento(verDocumentos);
  const fontes = painel.data?.fontes ?? [];
  const comandos: Command[] = [
    {
      id: 'recebimento.enviar',
      title: TITULO_ENVIAR,
      group: 'Ações',
      keys: [TECLA_ENVIAR],
      when: () => !leitura.enviando,
      run: leitura.escolherArquivos,
    },
    {
      id: 'recebimento.atualizar',
      title: 'Atualizar as fontes',
      group: 'Ações',
      keys: [TECLA_ATUALIZAR],
      run: () => void painel.refetch(),
    },
    ...FONTES_AGENDADAS.map(
      (fonte): Command => ({
        id: `recebimento.ler.${fonte}`,
        title: `${TITULO_LER_AGORA}: ${ROTULO_FONTE[fonte]}`,
        group: 'Ações',
        keys: [],
        when: () => fontes.some((f) => f.fonte === fonte && f.configurada) && !leitura.lendo(fonte),
        run: () => leitura.ler(fonte),
      }),
    ),
  ];
  useCommands(comandos);

  const acao = (fonte: string) => {
    if (fonte === 'ENVIO')
      return {
        titulo: TITULO_ENVIAR,
        teclas: [TECLA_ENVIAR],
        executar: leitura.escolherArquivos,
        ocupado: leitura.enviando,
      };
    if (!ehAgendada(fonte)) return null;
    const configurada = fontes.some((f) => f.fonte === fonte && f.configurada);
    return configurada
      ? {
          titulo: TITULO_LER_AGORA,
          teclas: [],
          executar: () => leitura.ler(fonte),
          ocupado: leitura.pedindo === fonte,
        }
      : null;
  };

  return (
    <div>
      <div className={estilos.barra} role="toolbar" aria-label="Ações do recebimento">
        <Button onClick={() => void painel.refetch()} aria-keyshortcuts={TECLA_ATUALIZAR}>
          Atualizar <KeyCombo keys={[TECLA_ATUALIZAR]} />
        </Button>
        {leitura.enviando && (
          <span role="status" className={estilos.dica}>
            Enviando os arquivos…
          </span>
        )}
        {leitura.seletor}
      </div>
      {painel.isPending ? (
        <p role="status">Carregando…</p>
      ) : (
        <div className={estilos.cartoes}>
          {fontes.map((f) => (
            <FonteCard
              key={f.fonte}
              fonte={f}
              iniciada={ehAgendada(f.fonte) ? leitura.iniciada(f.fonte) : null}
              acao={acao(f.fonte)}
              verDocumentos={verDocumentos}
              onTerminou={() => ehAgendada(f.fonte) && leitura.terminou(f.fonte)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
