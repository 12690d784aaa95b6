import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { UsuarioLogado } from '../../contracts/auth';
import { assinarCadastroRapido, podeCadastroRapido, type PedidoCadastroRapido } from '../ui/cadastro-rapido-opener';

// Loaded on first use: the shell does not carry the register dialogs.
const MotoristaDialog = lazy(() => import('../features/motoristas/motorista-dialog').then((m) => ({ default: m.MotoristaDialog })));
const VeiculoDialog = lazy(() => import('../features/veiculos/veiculo-dialog').then((m) => ({ default: m.VeiculoDialog })));

type Criado = Parameters<PedidoCadastroRapido['responder']>[0];

/**
 * The driver and vehicle dialogs a feature opens through abrirCadastroRapido (the manifest dialogs): a new
 * record, saved with the user's create right; the saved record goes back to the caller, closing without
 * saving answers null. A second request while one is open answers the first with null.
 */
export function CadastroRapidoHost({ usuario }: { usuario: UsuarioLogado }) {
  const [aberto, setAberto] = useState<(PedidoCadastroRapido & { chave: number }) | null>(null);
  const aberturas = useRef(0);
  // The request not answered yet: each is answered once (saved, then closed, answers only the record).
  const pendente = useRef<PedidoCadastroRapido | null>(null);
  const responder = (criado: Criado) => {
    const p = pendente.current;
    pendente.current = null;
    p?.responder(criado);
  };
  useEffect(
    () =>
      assinarCadastroRapido((pedido) => {
        responder(null);
        pendente.current = pedido;
        setAberto({ ...pedido, chave: ++aberturas.current });
      }),
    [],
  );
  useEffect(() => () => responder(null), []);
  if (!aberto) return null;
  const fechar = () => {
    responder(null);
    setAberto(null);
  };
  const props = { open: true, podeSalvar: podeCadastroRapido(usuario, aberto.tipo), onClose: fechar, onSaved: responder };
  return (
    <Suspense fallback={null}>
      {aberto.tipo === 'motorista' ? <MotoristaDialog key={aberto.chave} {...props} /> : <VeiculoDialog key={aberto.chave} {...props} />}
    </Suspense>
  );
}
