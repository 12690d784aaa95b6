import type { AuditoriaCte } from '../../../contracts/ctes';
import { imprimirCalculoCte, useCte } from '../../api/ctes-api';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { ResultadoAuditoriaPanel } from './resultado-auditoria-panel';

/** Spec 03 §2.3 freight audit result dialog (700 px). Alt+I prints the calculation. */
export function ResultadoAuditoriaDialog({ cteId, onClose }: { cteId: number; onClose: () => void }) {
  const { data: d } = useCte(cteId);
  return (
    <Dialog open title={`Resultado da auditoria${d ? ` do CT-e ${d.numero}` : ''}`} onClose={onClose} width={700}>
      {!d ? <p className={formGrid.carregando}>Carregando…</p> : d.auditoria ? <Conteudo auditoria={d.auditoria} cteId={cteId} /> : <p>Este CT-e ainda não foi auditado.</p>}
      <DialogButtons />
    </Dialog>
  );
}

function Conteudo({ auditoria, cteId }: { auditoria: AuditoriaCte; cteId: number }) {
  useCommands([{ id: 'resultado-auditoria.imprimir', title: 'Imprimir cálculo', group: 'Ações', keys: ['Alt+I'], run: () => void imprimirCalculoCte(cteId) }]);
  return <ResultadoAuditoriaPanel auditoria={auditoria} cteId={cteId} />;
}
