import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { BASES_APROVACAO, type BaseAprovacao } from '../../../contracts/ctes';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { MAX_OBSERVACOES } from './revisao-auditoria-dialog';

export const ROTULO_BASE: Record<BaseAprovacao, string> = { TRANSPORTADORA: 'Valor da transportadora', AUDITORIA: 'Valor da auditoria' };

const estilos = {
  grupo: css({ display: 'flex', gap: '4', borderWidth: '0', p: '0', '& label': { display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', cursor: 'pointer' } }),
  legenda: css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' }),
  observacoes: css({ width: '100%', minHeight: '96px', borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', px: '2', py: '1', fontSize: 'sm' }),
  rotulo: css({ fontSize: 'sm', fontWeight: 'medium', display: 'flex', flexDirection: 'column', gap: '1' }),
};

export interface AprovacaoLoteDialogProps {
  quantidade: number;
  /** Opened from the palette with the basis already chosen. */
  baseInicial: BaseAprovacao | null;
  ocupado: boolean;
  onConfirm: (base: BaseAprovacao, observacoes: string) => void;
  onClose: () => void;
}

/** Spec 03 §2.3 Freight Approval dialog (700 px, bulk): the basis is the carrier's value or the audit's. Ctrl+S approves. */
export function AprovacaoLoteDialog({ quantidade, baseInicial, ocupado, onConfirm, onClose }: AprovacaoLoteDialogProps) {
  const [base, setBase] = useState<BaseAprovacao>(baseInicial ?? 'AUDITORIA');
  const [observacoes, setObservacoes] = useState('');
  const aprovar = () => !ocupado && onConfirm(base, observacoes.trim());
  return (
    <Dialog open title="Aprovação de fretes" onClose={onClose} width={700} dirty={observacoes.trim() !== ''}>
      <Corpo aprovar={aprovar} />
      <div className={formGrid.corpo}>
        <p>{quantidade} CT-e(s) selecionado(s) para aprovação.</p>
        <fieldset>
          <legend className={estilos.legenda}>Base da aprovação</legend>
          <div className={estilos.grupo}>
            {BASES_APROVACAO.map((b) => (
              <label key={b}>
                <input type="radio" name="base-aprovacao" value={b} checked={base === b} onChange={() => setBase(b)} />
                {ROTULO_BASE[b]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className={estilos.rotulo}>
          Observações
          <textarea className={estilos.observacoes} value={observacoes} maxLength={MAX_OBSERVACOES} onChange={(e) => setObservacoes(e.target.value)} />
        </label>
        <DialogButtons onConfirm={aprovar} confirmLabel="Aprovar" disabled={ocupado} />
      </div>
    </Dialog>
  );
}

function Corpo({ aprovar }: { aprovar: () => void }) {
  useCommands([{ id: 'aprovacao-lote.aprovar', title: 'Aprovar', group: 'Ações', keys: ['Ctrl+S'], run: aprovar }]);
  return null;
}
