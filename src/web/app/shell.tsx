import { lazy, Suspense, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { UsuarioLogado } from '../../contracts/auth';
import { version } from '../../../package.json';
import { useKeyboard } from '../commands/use-keyboard';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { MSG_DESCARTAR_ALTERACOES } from '../ui/dialog';
import { FieldErrorsContext, useFieldErrorsScope } from '../ui/field-errors';
import { Button } from '../ui/button';
import { CadastroRapidoHost } from './cadastro-rapido-host';
import { CteDetailHost } from './cte-detail-host';
import { ContestacaoHost } from './contestacao-host';
import { LeituraDoccobHost } from './leitura-doccob-host';
import { SimulacaoFreteHost } from './simulacao-frete-host';
import { RelatoriosHost } from '../features/relatorios/relatorios-host';
import { AvisoRecebimento } from '../features/recebimento/aviso-recebimento';
import { permittedRoutes } from './permitted-routes';
import { EsperarOcio } from './quando-ocioso';
import { RouteView } from './route-view';
import { router } from './router';
import { SideMenu } from './side-menu';
import { useFocoMenu } from './use-foco-menu';
import { useGlobalCommands } from './use-global-commands';
import { useLocation } from './use-location';
import { useNavigationCommands } from './use-navigation-commands';
import { useScreenFocus } from './use-screen-focus';
import { relogio } from '../../domain/relogio';

// docs/decisoes.md §31: the palette and the dialogs opened on demand are not part of the first screen's JS. Each mounts
// (closed, as before) at its first opening, or once the first screen has its data and the browser is idle.
const CommandPalette = lazy(() => import('./command-palette').then((m) => ({ default: m.CommandPalette })));
const CheatSheetDialog = lazy(() => import('./cheat-sheet-dialog').then((m) => ({ default: m.CheatSheetDialog })));
const ConfiguracoesUsuarioDialog = lazy(() => import('./configuracoes-usuario-dialog').then((m) => ({ default: m.ConfiguracoesUsuarioDialog })));
const NovidadesDialog = lazy(() => import('./novidades-dialog').then((m) => ({ default: m.NovidadesDialog })));

const estilos = {
  layout: css({ display: 'flex', flexDirection: 'column', height: '100vh' }),
  topo: css({ display: 'flex', alignItems: 'center', gap: '3', px: '4', py: '2', bg: 'blue.900', color: 'white' }),
  marca: css({ fontWeight: 'bold', fontSize: 'md', mr: 'auto' }),
  usuario: css({ fontSize: 'sm' }),
  meio: css({ display: 'flex', flex: '1', minHeight: '0' }),
  principal: css({ flex: '1', overflow: 'auto', p: '5', outline: 'none' }),
  rodape: css({ px: '4', py: '1.5', fontSize: 'xs', color: 'gray.600', borderTopWidth: '1px', borderColor: 'gray.200', bg: 'gray.50' }),
};

type Aberto = 'atalhos' | 'configuracoes' | 'sair' | null;

interface SobDemandaProps {
  usuario: UsuarioLogado;
  paleta: boolean;
  fecharPaleta: () => void;
  aberto: Aberto;
  fechar: () => void;
}

/** The palette and the shell's own dialogs: each mounted at its first opening, or (but the cheat sheet) once the first screen is ready. */
function SobDemanda({ usuario, paleta, fecharPaleta, aberto, fechar }: SobDemandaProps) {
  const [ocioso, setOcioso] = useState(false);
  const [jaAbriuAtalhos, setJaAbriuAtalhos] = useState(false);
  if (aberto === 'atalhos' && !jaAbriuAtalhos) setJaAbriuAtalhos(true);
  return (
    <>
      {!ocioso && <EsperarOcio onOcioso={() => setOcioso(true)} />}
      <Suspense fallback={null}>{(ocioso || paleta) && <CommandPalette open={paleta} onClose={fecharPaleta} />}</Suspense>
      {/* Read-only, nothing typed into it: loaded at its first opening only (issue 33: its tabs are not /ctes's JS). */}
      <Suspense fallback={null}>{(jaAbriuAtalhos || aberto === 'atalhos') && <CheatSheetDialog open={aberto === 'atalhos'} onClose={fechar} />}</Suspense>
      <Suspense fallback={null}>
        {(ocioso || aberto === 'configuracoes') && <ConfiguracoesUsuarioDialog open={aberto === 'configuracoes'} onClose={fechar} usuario={usuario} />}
      </Suspense>
      {/* Without news to show it never opens: not even loaded. */}
      <Suspense fallback={null}>{usuario.mostrarChangelog && <NovidadesDialog usuario={usuario} />}</Suspense>
    </>
  );
}

/** Spec 01 §2 shell: side menu (F1), user name, logout, cheat sheet and settings buttons, footer. */
export function Shell({ usuario, onSair }: { usuario: UsuarioLogado; onSair: () => void }) {
  const { pathname, query } = useLocation();
  const rotas = permittedRoutes(usuario);
  const [aberto, setAberto] = useState<Aberto>(null);
  // Apart from the other shell dialogs: Ctrl+K opens the palette over any of them, which stays open below.
  const [paleta, setPaleta] = useState(false);
  const menu = useRef<HTMLElement>(null);
  const principal = useRef<HTMLElement>(null);
  const { stack } = useKeyboard();
  // Work is never lost silently: with unsaved changes in an open dialog, logging out asks first.
  const sair = () => (stack.sujo() ? setAberto('sair') : onSair());
  useScreenFocus(pathname, principal);
  const camposInvalidos = useFieldErrorsScope();

  const { menuAberto, irParaMenu, voltarDoMenu, alternarMenu } = useFocoMenu(menu, principal);
  // A screen opened from the menu takes the focus as from the palette (useScreenFocus: its first control); Enter
  // on the current screen's item goes back into it, where the user was.
  const abrirDoMenu = (caminho: string) => {
    if (caminho === pathname) return voltarDoMenu();
    principal.current?.focus();
    router.navigate(caminho);
  };

  useGlobalCommands({
    irParaMenu,
    alternarMenu,
    abrirPaleta: () => setPaleta(true),
    abrirAtalhos: () => setAberto('atalhos'),
    abrirConfiguracoes: () => setAberto('configuracoes'),
    sair,
  });
  useNavigationCommands(rotas);

  const fechar = () => setAberto(null);
  return (
    <div className={estilos.layout}>
      <header className={estilos.topo}>
        <Button size="sm" variant="primary" aria-expanded={menuAberto} aria-keyshortcuts="F1" onClick={alternarMenu}>
          Menu
        </Button>
        <span className={estilos.marca}>Frete Console · {usuario.empresa}</span>
        <span className={estilos.usuario} aria-label="Usuário">
          {usuario.nome}
        </span>
        <Button size="sm" aria-keyshortcuts="Control+F1" onClick={() => setAberto('atalhos')}>
          Atalhos
        </Button>
        <Button size="sm" aria-keyshortcuts="Control+O" onClick={() => setAberto('configuracoes')}>
          Configurações
        </Button>
        <Button size="sm" aria-keyshortcuts="Control+Q" onClick={sair}>
          Sair
        </Button>
      </header>
      <AvisoRecebimento usuario={usuario} abrir={() => router.navigate('/recebimento')} />
      <div className={estilos.meio}>
        {menuAberto && <SideMenu ref={menu} rotas={rotas} atual={pathname} onNavigate={abrirDoMenu} onVoltar={voltarDoMenu} />}
        <main ref={principal} className={estilos.principal} tabIndex={-1}>
          <FieldErrorsContext.Provider value={camposInvalidos}>
            <RouteView rotas={rotas} pathname={pathname} query={query} usuario={usuario} />
          </FieldErrorsContext.Provider>
        </main>
      </div>
      <footer className={estilos.rodape}>
        Frete Console · versão {version} · ambiente interno · {relogio.agora().getFullYear()}
      </footer>
      <SobDemanda usuario={usuario} paleta={paleta} fecharPaleta={() => setPaleta(false)} aberto={aberto} fechar={fechar} />
      <ConfirmDialog open={aberto === 'sair'} title="Sair" message={MSG_DESCARTAR_ALTERACOES} onConfirm={onSair} onCancel={fechar} />
      <SimulacaoFreteHost />
      <CteDetailHost usuario={usuario} />
      <ContestacaoHost usuario={usuario} />
      <LeituraDoccobHost usuario={usuario} />
      <CadastroRapidoHost usuario={usuario} />
      <RelatoriosHost />
    </div>
  );
}
