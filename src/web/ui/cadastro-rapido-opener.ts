import type { Motorista } from '../../contracts/motoristas';
import type { Veiculo } from '../../contracts/veiculos';
import { temPermissao, type CodigoPermissao } from '../../domain/permissoes';
import { criarBus } from '../bus';

/** The registers a dialog may create on the spot (spec 03 §2.8: the manifest dialogs reach the driver and vehicle dialogs). */
export interface CadastrosRapidos {
  motorista: Motorista;
  veiculo: Veiculo;
}
export type TipoCadastroRapido = keyof CadastrosRapidos;

/** Who may create each (spec 01 §6: the register's create code; the server decides anyway). */
export const CODIGO_CADASTRO_RAPIDO: Record<TipoCadastroRapido, CodigoPermissao> = { motorista: 'FRETE_MOTO_C', veiculo: 'FRETE_VEIC_C' };

export const podeCadastroRapido = (usuario: { nivel: string; roles: readonly string[] }, tipo: TipoCadastroRapido) => temPermissao(usuario, CODIGO_CADASTRO_RAPIDO[tipo]);

export interface PedidoCadastroRapido {
  tipo: TipoCadastroRapido;
  /** Called once: the saved record, or null when the dialog closed without saving. */
  responder: (criado: CadastrosRapidos[TipoCadastroRapido] | null) => void;
}

const pedidos = criarBus<PedidoCadastroRapido>();
let hosts = 0;

/**
 * Opens the "Novo motorista" / "Novo veículo" dialog over the current one and answers the saved record (null:
 * closed without saving). The shell hosts the dialogs (src/web/app/cadastro-rapido-host.tsx), so a feature
 * (the manifest dialogs) creates one without importing another feature. Put the focus on the field the
 * record is for before calling: closing the dialog gives the focus back to where it was (the focus stack).
 *
 *   const motorista = await abrirCadastroRapido('motorista');
 *   if (motorista) set({ motorista: { id: motorista.id, nome: motorista.nome, … } });
 */
export function abrirCadastroRapido<K extends TipoCadastroRapido>(tipo: K): Promise<CadastrosRapidos[K] | null> {
  if (hosts === 0) return Promise.resolve(null);
  return new Promise((resolve) => pedidos.publicar({ tipo, responder: (criado) => resolve(criado as CadastrosRapidos[K] | null) }));
}

/** For the host: receives each request. */
export function assinarCadastroRapido(ouvinte: (pedido: PedidoCadastroRapido) => void): () => void {
  hosts++;
  const desfazer = pedidos.assinar(ouvinte);
  return () => {
    hosts--;
    desfazer();
  };
}
