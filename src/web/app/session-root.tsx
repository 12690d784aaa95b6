import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { css } from '../../../styled-system/css';
import { statusOf } from '../../../machines/call-failure';
import { MSG_ERRO_CONEXAO, sessionMachine, type Credenciais } from '../../../machines/session';
import { carregarUsuario, entrar } from '../api/auth-api';
import { failureBus } from '../api/failure-bus';
import { useInFlight } from '../api/in-flight';
import { lerSessao, limparSessaoArmazenada } from '../api/session-storage';
import { KeyboardProvider } from '../commands/keyboard-provider';
import { ProgressBar } from '../ui/progress-bar';
import { LoginScreen } from './login-screen';
import { NoticeHost } from './notice-host';
import { router } from './router';
import { useLocation } from './use-location';

// docs/decisoes.md §31: the login screen's JS is React, the session machine and the form. The identified session (query
// cache, messages, shell, palette, screens, zod) and the connection dialog load apart, never from index.html:
// at once with a stored session, else from the user's first key or change in the login form (the password
// still to type) or the submit, whichever comes first. Not on idle: the login page stays this small.
const carregarSessao = () => import('./identified-session');
const IdentifiedSession = lazy(() => carregarSessao().then((m) => ({ default: m.IdentifiedSession })));
const carregarDialogoConexao = () => import('./connection-error-dialog');
// Shown when the network is down: should its chunk not have loaded by then, the message shows without the dialog.
const ConnectionErrorDialog = lazy(() =>
  carregarDialogoConexao()
    .then((m) => ({ default: m.ConnectionErrorDialog }))
    .catch(() => ({ default: AvisoConexao })),
);
let carregando = false;
const carregarTudo = () => {
  if (carregando) return;
  carregando = true;
  // A failed fetch (network down) is tried again at the next chance.
  Promise.all([carregarSessao(), carregarDialogoConexao()]).catch(() => (carregando = false));
};

const splash = css({ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'gray.600' });
const aviso = css({ position: 'fixed', top: '4', left: '50%', transform: 'translateX(-50%)', bg: 'red.50', color: 'red.800', px: '4', py: '2', borderRadius: 'md', boxShadow: 'md' });

function AvisoConexao() {
  return (
    <p role="alert" className={aviso}>
      {MSG_ERRO_CONEXAO}
    </p>
  );
}

/** The in-flight bar before a user is identified (the login call); the unavailable host shows it after. */
function BarraDeProgresso() {
  return <ProgressBar visible={useInFlight() > 0} />;
}

/** The session machine, with the calls and the cleanup it needs. */
function useSessionMachine() {
  const maquina = useMemo(
    () =>
      sessionMachine.provide({
        actors: {
          entrar: fromPromise(({ input }: { input: Credenciais }) => entrar(input)),
          carregarUsuario: fromPromise(() => carregarUsuario()),
        },
        actions: {
          // The query cache belongs to IdentifiedSession and goes with it.
          limparSessao: () => limparSessaoArmazenada(),
        },
      }),
    [],
  );
  return useMachine(maquina, { input: { temToken: lerSessao() !== null } });
}

/**
 * A 401 on any call ends the session. A 403 no longer reloads the page (docs/decisoes.md §7), and the reload used to
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
export function SessionRoot({ queryClient }: { queryClient?: QueryClient }) {
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

  // Mounted from the first network failure on (and kept, so closing it is the dialog's own).
  const [conexaoFalhou, setConexaoFalhou] = useState(false);
  if (falhaConexao && !conexaoFalhou) setConexaoFalhou(true);
  // With a stored session the shell is needed at once (beside /eu).
  useEffect(() => (lerSessao() !== null ? carregarTudo() : undefined), []);

  const contexto = useMemo(() => ({ usuario, pathname, navigate: router.navigate }), [usuario, pathname]);

  return (
    <KeyboardProvider context={contexto}>
      {!identificado && <BarraDeProgresso />}
      <NoticeHost />
      {identificado ? (
        <Suspense fallback={<div className={splash}>Carregando…</div>}>
          <IdentifiedSession usuario={usuario} onSair={() => send({ type: 'LOGOUT' })} queryClient={queryClient} />
        </Suspense>
      ) : verificando ? (
        <div className={splash} role="status">
          Carregando…
        </div>
      ) : (
        <LoginScreen
          erro={erro}
          entrando={!estado.matches('anonymous')}
          onInteracao={carregarTudo}
          // The form's submit calls onInteracao (carregarTudo) first.
          onEntrar={(c) => send({ type: 'LOGIN', ...c })}
        />
      )}
      {conexaoFalhou && (
        <Suspense fallback={null}>
          <ConnectionErrorDialog open={falhaConexao} onClose={() => send({ type: 'DISMISS_ERROR' })} />
        </Suspense>
      )}
    </KeyboardProvider>
  );
}
