import { despesasRomaneiosQuerySchema } from '../../../contracts/romaneios-salvar';
import { imprimirDespesas } from '../../api/romaneios-api';
import { PeriodoDocumentoDialog } from '../../ui/periodo-documento-dialog';

/**
 * "Despesas dos romaneios" (spec 03 §7, GET /romaneios/despesas): asks the period (the current month to
 * start with), then downloads the PDF of coleta, frete, pedágio, descarga and outros per manifest.
 */
export function DespesasDialog({ onClose }: { onClose: () => void }) {
  return (
    <PeriodoDocumentoDialog
      titulo="Despesas dos romaneios"
      rotulos={['Emissão inicial', 'Emissão final']}
      schema={despesasRomaneiosQuerySchema}
      confirmLabel="Gerar PDF"
      comando={{ id: 'romaneios.despesas.gerar', title: 'Gerar PDF das despesas' }}
      documento={(q, texto) => ({ rotulo: `o PDF das despesas de ${texto}`, baixar: () => imprimirDespesas(q.inicio, q.fim), naoEncontrado: `Nenhum romaneio encontrado de ${texto}.` })}
      onClose={onClose}
    />
  );
}
