import { useEffect } from 'react';
import type { RomaneioLinha } from '../../../contracts/romaneios';
import { temPermissao } from '../../../domain/permissoes';
import { imprimirRomaneio } from '../../api/romaneios-api';
import type { ScreenArgs } from '../../ui/screen-args';
import { useAbrirDaUrl } from '../../ui/use-open-from-url';
import { romaneioColumns } from './romaneio-columns';
import { RomaneioFilterPanel } from './romaneio-filter-panel';
import { RomaneioFreteDialog } from './romaneio-frete-dialog';
import { useCancelarRomaneio } from './use-cancelar-romaneio';
import { useDocumento } from '../../ui/use-documento';
import { BotaoNovoRomaneio, ListaRomaneios, useRomaneioAberto } from './romaneios-lista';
import { useListaRomaneios } from './use-lista-romaneios';
import { useRomaneiosFreteCommands } from './use-romaneios-frete-commands';

/**
 * The "Romaneios de frete" tab of /romaneios (spec 03 §2.7): filters in the URL, the list 50 a page with
 * its row actions (open, PDF, cancel), "Novo romaneio" (Alt+N), the dialog. ?ver={id} opens a manifest
 * and ?novo=1 a new one (the palette, the other tab).
 */
export function RomaneiosFreteAba({ usuario, query, navigate }: ScreenArgs) {
  const t = useListaRomaneios(query, navigate);
  const { aberto, editar, novo, fechar } = useRomaneioAberto();
  const doc = useDocumento();
  const cancelamento = useCancelarRomaneio();
  const podeCriar = temPermissao(usuario, 'FRETE_ROMA_C');

  const imprimir = (r: RomaneioLinha) =>
    void doc.baixar({ rotulo: `o PDF do romaneio ${r.numero}`, baixar: () => imprimirRomaneio(r.id, r.numero), naoEncontrado: `Nenhum PDF encontrado para o romaneio ${r.numero}.` });
  useAbrirDaUrl(query.get('ver'), editar, t.limparVer);
  useNovoDaUrl(query, navigate, podeCriar ? novo : null);
  useRomaneiosFreteCommands({ t, novo: podeCriar ? novo : null, editar, imprimir, cancelar: cancelamento.pedir });

  return (
    <div>
      <ListaRomaneios
        label="Romaneios de frete"
        filtros={<RomaneioFilterPanel filtros={t.filtros} set={t.set} onSubmit={t.procurar} primeiroCampo={t.campoInicial} acoes={podeCriar && <BotaoNovoRomaneio onClick={novo} />} />}
        aviso={doc.andamento}
        t={t}
        columns={romaneioColumns({ editar, imprimir, cancelar: cancelamento.pedir, podeEditar: temPermissao(usuario, 'FRETE_ROMA_E') })}
        editar={editar}
      />
      {aberto && <RomaneioFreteDialog key={aberto.vez} romaneioId={aberto.id} usuario={usuario} onClose={fechar} />}
      {cancelamento.dialogo}
    </div>
  );
}

/** ?novo=1 (the palette from the other tab): a new manifest once, then the parameter goes. */
function useNovoDaUrl(query: URLSearchParams, navigate: ScreenArgs['navigate'], novo: (() => void) | null) {
  const pedido = query.get('novo') === '1';
  useEffect(() => {
    if (!pedido) return;
    novo?.();
    const p = new URLSearchParams(query);
    p.delete('novo');
    navigate(p.size > 0 ? `/romaneios?${p.toString()}` : '/romaneios', { replace: true });
  }, [pedido]); // eslint-disable-line react-hooks/exhaustive-deps -- once per ?novo=1; query, navigate and novo are new on every render
}
