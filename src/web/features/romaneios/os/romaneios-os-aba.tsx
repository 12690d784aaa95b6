import { useState } from 'react';
import type { UsuarioLogado } from '../../../../contracts/auth';
import type { RomaneioLinha } from '../../../../contracts/romaneios';
import { temPermissao } from '../../../../domain/permissoes';
import type { ScreenArgs } from '../../../ui/screen-args';
import { podeCadastroRapido } from '../../../ui/cadastro-rapido-opener';
import { useAbrirDaUrl } from '../../../ui/use-open-from-url';
import { BotaoNovoRomaneio, ListaRomaneios, useRomaneioAberto } from '../romaneios-lista';
import { LocalizarRomaneioOsDialog } from './localizar-romaneio-os-dialog';
import { romaneioOsColumns } from './romaneio-os-columns';
import { RomaneioOsDialog, type RomaneioOsPermissoes } from './romaneio-os-dialog';
import { RomaneioOsFilterPanel } from './romaneio-os-filter-panel';
import { useCancelarRomaneioOs } from './use-cancelar-romaneio-os';
import { useImprimirRomaneioOs } from './use-imprimir-romaneio-os';
import { useRomaneiosOsCommands } from './use-romaneios-os-commands';
import { useRomaneiosOsList } from './use-romaneios-os-list';

/**
 * The service-order manifests (romaneios de O.S., spec 03 §2.7, §2.8), the second tab of /romaneios:
 * filters in the URL, the list 50 a page with edit, PDF and cancel, "Novo romaneio" and the dialog. Mounted
 * only while its tab is shown, so its commands live here.
 */
export function RomaneiosOsAba({ usuario, query, navigate }: { usuario: UsuarioLogado; query: URLSearchParams; navigate: ScreenArgs['navigate'] }) {
  const t = useRomaneiosOsList(query, navigate);
  const dialogo = useRomaneioAberto();
  const [localizando, setLocalizando] = useState(false);
  const cancelamento = useCancelarRomaneioOs();
  const impressao = useImprimirRomaneioOs();
  const permissoes: RomaneioOsPermissoes = {
    criar: temPermissao(usuario, 'FRETE_ROMA_C'),
    editar: temPermissao(usuario, 'FRETE_ROMA_E'),
    novoMotorista: podeCadastroRapido(usuario, 'motorista'),
  };

  const { aberto, editar } = dialogo;
  const novo = () => permissoes.criar && dialogo.novo();
  const imprimir = (r: RomaneioLinha) => impressao.imprimir(r);
  useAbrirDaUrl(query.get('ver'), editar, t.limparVer);
  useRomaneiosOsCommands({ t, podeCriar: permissoes.criar, novo, editar, imprimir, cancelar: cancelamento.pedir, localizar: () => setLocalizando(true) });

  return (
    <section aria-label="Romaneios de O.S.">
      <ListaRomaneios
        label="Romaneios de O.S."
        filtros={<RomaneioOsFilterPanel filtros={t.filtros} set={t.set} onSubmit={t.procurar} primeiroCampo={t.campoInicial} acoes={permissoes.criar && <BotaoNovoRomaneio onClick={novo} />} />}
        aviso={impressao.ocupado && <p role="status">Gerando o PDF do romaneio {impressao.imprimindo}…</p>}
        t={t}
        columns={romaneioOsColumns({ editar, imprimir, cancelar: cancelamento.pedir, podeEditar: permissoes.editar })}
        editar={editar}
      />
      {aberto && <RomaneioOsDialog key={aberto.vez} romaneioId={aberto.id} permissoes={permissoes} onClose={dialogo.fechar} />}
      {localizando && (
        <LocalizarRomaneioOsDialog
          onClose={() => setLocalizando(false)}
          onFound={(r) => {
            setLocalizando(false);
            editar(r);
          }}
        />
      )}
      {cancelamento.dialogo}
    </section>
  );
}
