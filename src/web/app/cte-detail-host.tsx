import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { UsuarioLogado } from '../../contracts/auth';
import { temPermissao } from '../../domain/permissoes';
import { cteDetailOpener } from '../ui/cte-detail-opener';

// Loaded on first use (issue 33): the shell does not carry the CT-e dialog.
const CteDetailDialog = lazy(() => import('../features/ctes/cte-detail-dialog').then((m) => ({ default: m.CteDetailDialog })));

/**
 * The CT-e detail dialog opened by other features through cteDetailOpener (the fatura's Fretes tab): the
 * same dialog as the Fretes screen's, with the same rights (FRETE_CTE_E saves and disregards).
 */
export function CteDetailHost({ usuario }: { usuario: UsuarioLogado }) {
  const [aberto, setAberto] = useState<{ cteId: number; chave: number } | null>(null);
  const aberturas = useRef(0);
  useEffect(() => cteDetailOpener.assinar((cteId) => setAberto({ cteId, chave: ++aberturas.current })), []);
  if (!aberto) return null;
  return (
    <Suspense fallback={null}>
      <CteDetailDialog key={aberto.chave} cteId={aberto.cteId} podeEditar={temPermissao(usuario, 'FRETE_CTE_E')} onClose={() => setAberto(null)} />
    </Suspense>
  );
}
