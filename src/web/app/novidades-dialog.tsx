import { useMemo, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { UsuarioLogado } from '../../contracts/auth';
import { salvarConfiguracoes } from '../api/usuarios-api';
import { useVersoes } from '../api/versoes-api';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { reloadPage } from './reload-page';

const estilos = {
  lista: css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' }),
  tipo: css({ display: 'inline-block', minWidth: '80px', fontSize: 'xs', fontWeight: 'bold', borderRadius: 'sm', px: '1.5', mr: '2', textAlign: 'center' }),
  correcao: css({ bg: 'amber.100', color: 'amber.900' }),
  adicao: css({ bg: 'green.100', color: 'green.900' }),
  pagina: css({ fontSize: 'sm', color: 'gray.600', mr: 'auto', alignSelf: 'center' }),
};

const ROTULO_TIPO = { CORRECAO: 'Correção', ADICAO: 'Adição' } as const;

/** Spec 01 §4: one version per page; OK stores the highest id as ultimaVersao, then the page reloads (also on failure). */
export function NovidadesDialog({ usuario }: { usuario: UsuarioLogado }) {
  const { data } = useVersoes(usuario.settings.ultimaVersao ?? '0', usuario.mostrarChangelog);
  const versoes = useMemo(() => [...(data ?? [])].sort((a, b) => a.id - b.id), [data]);
  const [pagina, setPagina] = useState(0);
  const [salvando, setSalvando] = useState(false);
  const ok = useRef<HTMLButtonElement>(null);
  const versao = versoes[Math.min(pagina, versoes.length - 1)];

  const confirmar = () => {
    if (salvando || versoes.length === 0) return;
    setSalvando(true);
    const maior = Math.max(...versoes.map((v) => v.id));
    salvarConfiguracoes({ ultimaVersao: String(maior) })
      .catch(() => undefined)
      .finally(() => reloadPage.run());
  };

  return (
    <Dialog
      open={versoes.length > 0}
      title="Novidades da versão"
      onClose={confirmar}
      initialFocus={() => ok.current}
      footer={
        <>
          <span className={estilos.pagina}>
            {pagina + 1} de {versoes.length}
          </span>
          <Button disabled={pagina === 0} onClick={() => setPagina(pagina - 1)}>
            Anterior
          </Button>
          <Button disabled={pagina >= versoes.length - 1} onClick={() => setPagina(pagina + 1)}>
            Próxima
          </Button>
          <Button ref={ok} variant="primary" disabled={salvando} onClick={confirmar}>
            OK
          </Button>
        </>
      }
    >
      {versao && (
        <section aria-label={`Versão ${versao.id}`}>
          <h3>Versão {versao.id}</h3>
          <ul className={estilos.lista}>
            {versao.detalhes.map((d, i) => (
              <li key={i}>
                <span className={`${estilos.tipo} ${d.tipo === 'CORRECAO' ? estilos.correcao : estilos.adicao}`}>{ROTULO_TIPO[d.tipo]}</span>
                {d.nota}
              </li>
            ))}
          </ul>
        </section>
      )}
    </Dialog>
  );
}
