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
 * (the manifest dialogs) creates one without importing another feature. `campo` is the field the record is
 * for (its input, or a box holding it): it gets the focus first, so closing the dialog gives the focus back
 * there (the focus stack), wherever the command was run from, and the record is picked in it.
 *
 *   const motorista = await abrirCadastroRapido('motorista', campoMotorista.current);
 *   if (motorista) set({ motorista: { id: motorista.id, nome: motorista.nome, … } });
 */
export function abrirCadastroRapido<K extends TipoCadastroRapido>(tipo: K, campo?: HTMLElement | null): Promise<CadastrosRapidos[K] | null> {
  focarCampo(campo);
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

/** The field's input (the field itself, if it is one): the focus goes there before the dialog opens. */
function focarCampo(campo: HTMLElement | null | undefined): void {
  const entrada = campo?.matches('input, select, textarea') ? campo : campo?.querySelector<HTMLElement>('input, select, textarea');
  entrada?.focus();
}
