import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { UsuarioLogado } from '../../contracts/auth';
import { temPermissao } from '../../domain/permissoes';
import { contestacaoOpener, type AlvoContestacao } from '../ui/contestacao-opener';

// Loaded on first use (issue 33): the shell does not carry the dispute dialog.
const ContestacaoDialog = lazy(() => import('../features/contestacoes/contestacao-dialog').then((m) => ({ default: m.ContestacaoDialog })));

/** The dispute dialog opened by other features through contestacaoOpener; FRETE_PAG_E sends, answers and closes. */
export function ContestacaoHost({ usuario }: { usuario: UsuarioLogado }) {
  const [aberto, setAberto] = useState<{ alvo: AlvoContestacao; chave: number } | null>(null);
  const aberturas = useRef(0);
  useEffect(() => contestacaoOpener.assinar((alvo) => setAberto({ alvo, chave: ++aberturas.current })), []);
  if (!aberto) return null;
  return (
    <Suspense fallback={null}>
      <ContestacaoDialog key={aberto.chave} alvo={aberto.alvo} podeExecutar={temPermissao(usuario, 'FRETE_PAG_E')} onClose={() => setAberto(null)} />
    </Suspense>
  );
}
