import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { ScreenArgs } from '../../ui/screen-args';
import { Tabs } from '../../ui/tabs';
import { ExecucaoDialog } from './execucao-dialog';
import { FontesAba } from './fontes-aba';
import { HistoricoAba } from './historico-aba';

const titulo = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' });

/** The tab in the URL: ?aba=historico is the runs' history; none, the sources. */
export const ABA_HISTORICO = 'historico';

/**
 * Recebimento (/recebimento, issue 30): per source (folders, upload, mailbox, SEFAZ) the last run, what came in
 * and what was refused, the next run and "Ler agora"; the history of runs and each run's documents. Two tabs
 * (Alt+1, Alt+2); only the open one is mounted, so only its commands are registered.
 */
export function RecebimentoScreen({ query, navigate }: ScreenArgs) {
  const idTitulo = useId();
  const aba = query.get('aba') === ABA_HISTORICO ? ABA_HISTORICO : 'fontes';
  const [documentos, setDocumentos] = useState<number | null>(null);
  const irPara = (valor: string) => valor !== aba && navigate(valor === ABA_HISTORICO ? `/recebimento?aba=${ABA_HISTORICO}` : '/recebimento');
  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={titulo}>
        Recebimento
      </h1>
      <Tabs
        label="Recebimento"
        value={aba}
        onValueChange={irPara}
        somenteAtiva
        items={[
          {
            value: 'fontes',
            label: 'Fontes',
            content: aba === 'fontes' && <FontesAba verDocumentos={setDocumentos} />,
          },
          {
            value: ABA_HISTORICO,
            label: 'Histórico de leituras',
            content: aba === ABA_HISTORICO && <HistoricoAba verDocumentos={setDocumentos} />,
          },
        ]}
      />
      {documentos !== null && <ExecucaoDialog execucaoId={documentos} onClose={() => setDocumentos(null)} />}
    </section>
  );
}
