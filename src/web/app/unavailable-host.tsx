import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { css } from '../../../styled-system/css';
import { unavailableMachine } from '../../../machines/unavailable';
import { ping } from '../api/auth-api';
import { failureBus } from '../api/failure-bus';
import { useInFlight } from '../api/in-flight';
import { Dialog } from '../ui/dialog';
import { ProgressBar } from '../ui/progress-bar';
import { reloadPage } from './reload-page';

const lista = css({ listStyle: 'disc', pl: '5', my: '2' });

/**
 * Spec 01 §8: any other failed call hides the progress bar and opens "Serviço Temporariamente
 * Indisponível", which pings every 4 s and reloads on success or 403 (machines/unavailable.ts). A 403 on
 * a call is no failure of the service: it goes to the message popup (failure-messages.tsx, docs/decisoes.md §7).
 */
export function UnavailableHost() {
  const maquina = useMemo(
    () =>
      unavailableMachine.provide({
        actors: { ping: fromPromise(() => ping()) },
        actions: { recarregar: () => reloadPage.run() },
      }),
    [],
  );
  const [estado, , ator] = useMachine(maquina);
  const emCurso = useInFlight();
  useEffect(
    () =>
      failureBus.assinar((f) => {
        if (f.tipo === 'indisponivel') ator.send({ type: 'CALL_FAILED' });
      }),
    [ator],
  );
  const aberto = !estado.matches('closed');

  return (
    <>
      <ProgressBar visible={emCurso > 0 && !aberto} />
      <Dialog open={aberto} title="Serviço Temporariamente Indisponível" size="sm" role="alertdialog">
        <p>Não foi possível comunicar com o servidor. Possíveis causas:</p>
        <ul className={lista}>
          <li>problema na rede;</li>
          <li>bloqueio por firewall;</li>
          <li>configurações da rede local;</li>
          <li>servidor em manutenção.</li>
        </ul>
        <p role="status">Tentando novamente a cada 4 segundos…</p>
      </Dialog>
    </>
  );
}
