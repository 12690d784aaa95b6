import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { Configuracao } from '../../../contracts/configuracoes';
import { buscarClientePorCodigo, buscarVwClientes, type VwClienteComId } from '../../api/configuracoes-api';
import { Autocomplete } from '../../ui/autocomplete';
import { MarcasCliente } from './marcas-cliente';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useShowMessages } from '../../ui/use-show-messages';

export type ClienteResumo = Configuracao['entradas'][number];
export const MSG_CLIENTE_SEM_CADASTRO = 'Este cliente ainda não foi integrado ao cadastro de clientes.';

const estilos = {
  caixa: css({ display: 'flex', flexDirection: 'column', gap: '2', borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', p: '3' }),
  titulo: css({ fontWeight: 'semibold', fontSize: 'sm' }),
  lista: css({ display: 'flex', flexDirection: 'column', gap: '1', maxHeight: '240px', overflowY: 'auto', '& li': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', px: '2', py: '1', borderRadius: 'sm', bg: 'gray.50', fontSize: 'sm' } }),
  vazio: css({ color: 'gray.600', fontSize: 'sm' }),
};

/** One customer list of the settings screen (Entradas or Tomadores): autocomplete add, remove with confirmation. */
export function ClientesList({ titulo, clientes, onChange }: { titulo: string; clientes: ClienteResumo[]; onChange: (c: ClienteResumo[]) => void }) {
  const [remover, setRemover] = useState<ClienteResumo | null>(null);
  const mostrarMensagens = useShowMessages();
  const chaves = clientes.map((c) => c.clienteId);
  const adicionar = async (c: VwClienteComId | null) => {
    if (!c || chaves.includes(c.pk.clienteId)) return;
    // The settings refer to the register id; a vw-clientes hit without it is looked up by its ERP key.
    const id = c.id ?? (await buscarClientePorCodigo(c.pk.clienteId).then((r) => r.id, () => undefined));
    if (id === undefined) {
      mostrarMensagens([MSG_CLIENTE_SEM_CADASTRO]);
      return;
    }
    onChange([...clientes, { id, razaoSocial: c.razaoSocial, cpfCnpjFormatado: c.cpfCnpjFormatado, clienteId: c.pk.clienteId }]);
  };
  return (
    <section className={estilos.caixa} aria-label={titulo}>
      <h2 className={estilos.titulo}>{titulo}</h2>
      <Autocomplete<VwClienteComId>
        limparAoEscolher
        label={`Adicionar cliente em ${titulo}`}
        value={null}
        onValueChange={(c) => void adicionar(c)}
        queryKey={['vw-clientes', 'configuracoes', chaves]}
        search={(texto, signal) => buscarVwClientes(texto, chaves, signal)}
        itemToString={(c) => `${c.razaoSocial}${c.cpfCnpjFormatado ? ` (${c.cpfCnpjFormatado})` : ''}`}
        itemToValue={(c) => c.pk.clienteId}
        renderDetail={(c) => <MarcasCliente tipo={c.tipo} posicao={c.posicao} />}
      />
      {clientes.length === 0 ? (
        <p className={estilos.vazio}>Nenhum cliente.</p>
      ) : (
        <ul className={estilos.lista} aria-label={`Clientes em ${titulo}`}>
          {clientes.map((c) => (
            <li key={c.clienteId}>
              <span>
                {c.razaoSocial} {c.cpfCnpjFormatado && <small>({c.cpfCnpjFormatado})</small>}
              </span>
              <Button size="sm" variant="ghost" aria-label={`Remover ${c.razaoSocial} de ${titulo}`} onClick={() => setRemover(c)}>
                Remover
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={remover !== null}
        message={remover ? `Deseja remover "${remover.razaoSocial}" de ${titulo}?` : ''}
        onConfirm={() => {
          if (remover) onChange(clientes.filter((c) => c.clienteId !== remover.clienteId));
          setRemover(null);
        }}
        onCancel={() => setRemover(null)}
      />
    </section>
  );
}
