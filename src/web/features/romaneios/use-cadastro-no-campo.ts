import { useId, type RefObject } from 'react';
import { useCommands } from '../../commands/use-commands';
import { abrirCadastroRapido, type TipoCadastroRapido } from '../../ui/cadastro-rapido-opener';
import type { RomaneioEmEdicao } from './romaneio-frete-form';
import { paraMotoristaRomaneio, paraVeiculoRomaneio } from './romaneio-lookups';

export const TECLA_NOVO_MOTORISTA = 'Alt+M';
export const TECLA_NOVO_VEICULO = 'Alt+V';

/** The box of a picked-entity field (its input) and of its "Novo …" button. */
export type CampoCadastro = RefObject<HTMLDivElement | null>;

/**
 * "Novo motorista" (Alt+M) and "Novo veículo" (Alt+V) from the manifest (spec 03 §2.8): the register's own
 * dialog (src/web/ui/cadastro-rapido-opener.ts), the saved record picked in the field. The field gets the
 * focus first (the opener puts it there), so closing the register's dialog gives it back there.
 */
export function useCadastroNoCampo(campos: Record<TipoCadastroRapido, CampoCadastro>, pode: (tipo: TipoCadastroRapido) => boolean, set: (patch: Partial<RomaneioEmEdicao>) => void) {
  const id = useId();
  const criar = async (tipo: TipoCadastroRapido) => {
    if (tipo === 'motorista') {
      const criado = await abrirCadastroRapido('motorista', campos.motorista.current);
      if (criado) set({ motorista: paraMotoristaRomaneio(criado) });
    } else {
      const criado = await abrirCadastroRapido('veiculo', campos.veiculo.current);
      if (criado) set({ veiculo: paraVeiculoRomaneio(criado) });
    }
  };
  useCommands([
    { id: `${id}:novo-motorista`, title: 'Novo motorista', group: 'Ações', keys: [TECLA_NOVO_MOTORISTA], when: () => pode('motorista'), run: () => void criar('motorista') },
    { id: `${id}:novo-veiculo`, title: 'Novo veículo', group: 'Ações', keys: [TECLA_NOVO_VEICULO], when: () => pode('veiculo'), run: () => void criar('veiculo') },
  ]);
  return (tipo: TipoCadastroRapido) => void criar(tipo);
}
