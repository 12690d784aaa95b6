import { periodoRelatorioSchema, type Relatorio } from '../../../contracts/relatorios';
import { baixarRelatorio } from '../../api/relatorios-api';
import { PeriodoDocumentoDialog } from '../../ui/periodo-documento-dialog';
import { RELATORIOS_PALETA } from './relatorios';

/**
 * A palette report (spec 03 §7, docs/decisoes.md §28): asks the period (the current month to start with; the contract's
 * messages in 'Advertência'), then downloads the file and closes.
 */
export function PeriodoRelatorioDialog({ relatorio, onClose }: { relatorio: Relatorio; onClose: () => void }) {
  const def = RELATORIOS_PALETA[relatorio];
  return (
    <PeriodoDocumentoDialog
      titulo={def.titulo}
      rotulos={['Data inicial', 'Data final']}
      schema={periodoRelatorioSchema}
      confirmLabel="Gerar"
      comando={{ id: 'relatorios.gerar', title: `Gerar ${def.titulo}` }}
      documento={(q, texto) => ({ rotulo: `${def.arquivo} de ${texto}`, baixar: () => baixarRelatorio(relatorio, q), naoEncontrado: `Nenhum dado encontrado de ${texto}.` })}
      onClose={onClose}
    />
  );
}
