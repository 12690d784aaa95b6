import { useState } from 'react';
import type { z } from 'zod';
import { formatDateBr } from '../../domain/format-date-br';
import { mesSaoPaulo } from '../../domain/sao-paulo-date';
import { useCommands } from '../commands/use-commands';
import { DateInput } from './date-input';
import { Dialog } from './dialog';
import { DialogButtons } from './dialog-buttons';
import { formGrid } from './form-grid';
import { TITULO_ADVERTENCIA } from './message-list';
import { useDocumento, type PedidoDocumento } from './use-documento';
import { useValidate } from './use-validated-save';

type Periodo = { inicio: string; fim: string };

export interface PeriodoDocumentoProps {
  titulo: string;
  /** The two date fields' labels. */
  rotulos: [string, string];
  /** The period's rules (messages in 'Advertência'). */
  schema: z.ZodType<Periodo>;
  confirmLabel: string;
  /** The palette command (Ctrl+S) that generates it. */
  comando: { id: string; title: string };
  /** The download of a valid period; `texto` is the period as the user reads it ("01/11/2026 a 30/11/2026"). */
  documento: (q: Periodo, texto: string) => PedidoDocumento;
  onClose: () => void;
}

/**
 * A document of a period (the manifests' expenses, the palette's reports): asks the period, the current month
 * to start with, validates it, downloads (one at a time, its progress as a status line) and closes.
 */
export function PeriodoDocumentoDialog(props: PeriodoDocumentoProps) {
  return (
    <Dialog open title={props.titulo} onClose={props.onClose} size="sm">
      <Formulario {...props} />
    </Dialog>
  );
}

function Formulario({ rotulos, schema, confirmLabel, comando, documento, onClose }: PeriodoDocumentoProps) {
  const [periodo, setPeriodo] = useState(() => {
    const { dataIni, dataFim } = mesSaoPaulo();
    return { inicio: dataIni as string | null, fim: dataFim as string | null };
  });
  const validar = useValidate(TITULO_ADVERTENCIA);
  const doc = useDocumento();
  const gerar = async () => {
    const q = validar(schema, periodo);
    if (!q || doc.ocupado) return;
    if (await doc.baixar(documento(q, `${formatDateBr(q.inicio)} a ${formatDateBr(q.fim)}`))) onClose();
  };
  useCommands([{ ...comando, group: 'Ações', keys: ['Ctrl+S'], run: () => void gerar() }]);
  return (
    <div className={formGrid.corpo}>
      <div className={formGrid.grade}>
        <DateInput label={rotulos[0]} value={periodo.inicio} onValueChange={(inicio) => setPeriodo((p) => ({ ...p, inicio }))} />
        <DateInput label={rotulos[1]} value={periodo.fim} onValueChange={(fim) => setPeriodo((p) => ({ ...p, fim }))} />
      </div>
      {doc.andamento}
      <DialogButtons onConfirm={() => void gerar()} confirmLabel={confirmLabel} disabled={doc.ocupado} />
    </div>
  );
}
