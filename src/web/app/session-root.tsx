import { Suspense, lazy, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { css } from '../../../styled-system/css';
import { statusOf } from '../../../machines/call-failure';
import { sessionMachine, type Credenciais } from '../../../machines/session';
import { carregarUsuario, entrar } from '../api/auth-api';
import { failureBus } from '../api/failure-bus';
import { lerSessao, limparSessaoArmazenada } from '../api/session-storage';
import { KeyboardProvider } from '../commands/keyboard-provider';
import { MessageHost } from '../ui/message-host';
import { ConnectionErrorDialog } from './connection-error-dialog';
import { FailureMessages } from './failure-messages';
import { LoginScreen } from './login-screen';
import { NoticeHost } from './notice-host';
import { router } from './router';
import { UnavailableHost } from './unavailable-host';
import { useLocation } from './use-location';

// The shell (palette, tables, dialogs) loads after the login screen, so the first paint ships less JS;
// the login screen starts fetching it at once, while the user types.
const carregarShell = () => import('./shell');
const Shell = lazy(() => carregarShell().then((m) => ({ default: m.Shell })));

const splash = css({ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'gray.600' });

/** The session machine, with the calls and the cleanup it needs. */
function useSessionMachine() {
  const queryClient = useQueryClient();
  const maquina = useMemo(
    () =>
      sessionMachine.provide({
        actors: {
          entrar: fromPromise(({ input }: { input: Credenciais }) => entrar(input)),
          carregarUsuario: fromPromise(() => carregarUsuario()),
        },
        actions: {
          limparSessao: () => {
            limparSessaoArmazenada();
            queryClient.clear();
          },
        },
      }),
    [queryClient],
  );
  return useMachine(maquina, { input: { temToken: lerSessao() !== null } });
}

/**
 * A 401 on any call ends the session. A 403 no longer reloads the page (issue 11), and the reload used to
 * let /eu drop a deactivated user's session (spec 01 §8): /eu is asked quietly instead, and only a 401/403
 * there ends the session.
 */
function useFimDaSessao(ator: ActorRefFrom<typeof sessionMachine>) {
  useEffect(() => {
    let conferindo = false;
    return failureBus.assinar((f) => {
      if (f.tipo === 'sessao-perdida') ator.send({ type: 'SESSION_LOST' });
      if (f.tipo !== 'sem-permissao' || conferindo) return;
      conferindo = true;
      carregarUsuario()
        .catch((e: unknown) => {
          const status = statusOf(e);
          if (status === 401 || status === 403) ator.send({ type: 'SESSION_LOST' });
        })
        .finally(() => (conferindo = false));
    });
  }, [ator]);
}

/** The session lifecycle (machines/session.ts) decides between the login screen and the shell. */
export function SessionRoot() {
  const [estado, send, ator] = useSessionMachine();
  const { pathname } = useLocation();
  const { usuario, erro, falhaConexao } = estado.context;
  const identificado = estado.matches('identified') && usuario !== null;
  const verificando = estado.matches('starting') || estado.matches('checking');
  useFimDaSessao(ator);

  // Spec 01 §2: an anonymous visitor goes to the site root, where the login screen is.
  useEffect(() => {
    if (!identificado && !verificando && pathname !== '/') router.navigate('/', { replace: true });
  }, [identificado, verificando, pathname]);

  useEffect(() => void carregarShell(), []);

  const contexto = useMemo(() => ({ usuario, pathname, navigate: router.navigate }), [usuario, pathname]);

  return (
    <KeyboardProvider context={contexto}>
      <MessageHost>
        <FailureMessages />
        <UnavailableHost />
        <NoticeHost />
        {identificado ? (
          <Suspense fallback={<div className={splash}>Carregando…</div>}>
            <Shell usuario={usuario} onSair={() => send({ type: 'LOGOUT' })} />
          </Suspense>
        ) : verificando ? (
          <div className={splash} role="status">
            Carregando…
          </div>
        ) : (
          <LoginScreen erro={erro} entrando={!estado.matches('anonymous')} onEntrar={(c) => send({ type: 'LOGIN', ...c })} />
        )}
        <ConnectionErrorDialog open={falhaConexao} onClose={() => send({ type: 'DISMISS_ERROR' })} />
      </MessageHost>
    </KeyboardProvider>
  );
}
