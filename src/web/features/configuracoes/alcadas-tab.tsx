import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { ALCADAS_PADRAO, MSG_ALCADAS_SALVAS, ROTULO_NIVEL, alcadasSalvarSchema, type Alcadas } from '../../../contracts/alcadas';
import { NIVEIS, type Nivel } from '../../../contracts/permissoes';
import type { UsuarioSimples } from '../../../contracts/usuarios';
import { noticeBus } from '../../api/notice-bus';
import { useCommands } from '../../commands/use-commands';
import { Autocomplete } from '../../ui/autocomplete';
import { Button } from '../../ui/button';
import { DecimalField } from '../../ui/decimal-input';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { useValidate } from '../../ui/use-validated-save';
import { buscarUsuarios, useAlcadas, useSalvarAlcadas } from './pagamento-config-api';

const estilos = {
  tabela: css({ borderCollapse: 'collapse', fontSize: 'sm', '& th, & td': { px: '2', py: '1', textAlign: 'left', borderBottomWidth: '1px', borderColor: 'gray.200' } }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' }),
  dica: css({ fontSize: 'xs', color: 'gray.600' }),
  busca: css({ maxWidth: '420px' }),
};

/** A limit as the form holds it: '' is "sem limite" (null on the wire). */
interface Limites {
  limiteCte: string;
  limiteFatura: string;
}
interface UsuarioAlcada extends Limites {
  usuario: number;
  nome: string;
  nivel: Nivel | null;
}

const doServidor = (v: string | null) => v ?? '';
const paraServidor = (v: string) => (v.trim() === '' ? null : v.trim());

/** Tab Alçadas (ADMIN): per level and per user, the largest difference approved on one CT-e and on one fatura. */
export function AlcadasTab() {
  const consulta = useAlcadas();
  if (!consulta.data) return <p role="status">Carregando…</p>;
  return <Formulario key={consulta.data.versao} alcadas={consulta.data} />;
}

function CamposLimite({ nome, valor, mudar }: { nome: string; valor: Limites; mudar: (v: Limites) => void }) {
  return (
    <>
      <td>
        <DecimalField aria-label={`${nome}: limite por CT-e`} placeholder="sem limite" decimals={2} value={valor.limiteCte} onValueChange={(limiteCte) => mudar({ ...valor, limiteCte })} />
      </td>
      <td>
        <DecimalField aria-label={`${nome}: limite por fatura`} placeholder="sem limite" decimals={2} value={valor.limiteFatura} onValueChange={(limiteFatura) => mudar({ ...valor, limiteFatura })} />
      </td>
    </>
  );
}

function iniciais(a: Alcadas): Record<Nivel, Limites> {
  const porNivel = new Map(a.niveis.map((n) => [n.nivel, n]));
  return Object.fromEntries(
    NIVEIS.map((n) => {
      const l = porNivel.get(n) ?? ALCADAS_PADRAO[n];
      return [n, { limiteCte: doServidor(l.limiteCte), limiteFatura: doServidor(l.limiteFatura) }];
    }),
  ) as Record<Nivel, Limites>;
}

function Formulario({ alcadas: a }: { alcadas: Alcadas }) {
  const [niveis, setNiveis] = useState(() => iniciais(a));
  const [usuarios, setUsuarios] = useState<UsuarioAlcada[]>(() =>
    a.usuarios.map((u) => ({ usuario: u.usuario, nome: u.nome, nivel: u.nivel, limiteCte: doServidor(u.limiteCte), limiteFatura: doServidor(u.limiteFatura) })),
  );
  const validar = useValidate();
  const salvarAlcadas = useSalvarAlcadas();
  // A user taken off the list goes with both limits null: the server removes the override.
  const removidos = a.usuarios.filter((u) => !usuarios.some((x) => x.usuario === u.usuario)).map((u) => ({ usuario: u.usuario, limiteCte: null, limiteFatura: null }));

  const salvar = () => {
    if (salvarAlcadas.isPending) return;
    const dados = validar(alcadasSalvarSchema, {
      niveis: NIVEIS.map((nivel) => ({ nivel, limiteCte: paraServidor(niveis[nivel].limiteCte), limiteFatura: paraServidor(niveis[nivel].limiteFatura) })),
      usuarios: [...usuarios.map((u) => ({ usuario: u.usuario, limiteCte: paraServidor(u.limiteCte), limiteFatura: paraServidor(u.limiteFatura) })), ...removidos],
      versao: a.versao,
    });
    if (dados) salvarAlcadas.mutate(dados, { onSuccess: () => noticeBus.publicar(MSG_ALCADAS_SALVAS) });
  };
  useCommands([{ id: 'configuracoes.alcadas.salvar', title: 'Salvar alçadas', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);
  const adicionar = (u: UsuarioSimples | null) => {
    if (!u || usuarios.some((x) => x.usuario === u.id)) return;
    setUsuarios((us) => [...us, { usuario: u.id, nome: u.nome, nivel: null, limiteCte: '', limiteFatura: '' }]);
  };
  const mudarUsuario = (id: number, l: Limites) => setUsuarios((us) => us.map((u) => (u.usuario === id ? { ...u, ...l } : u)));

  return (
    <div className={formGrid.corpo}>
      <p className={estilos.dica}>Maior diferença entre o cobrado e o previsto que cada um pode aprovar, em R$. Em branco: sem limite.</p>
      <section aria-label="Alçadas por nível">
        <h2 className={estilos.titulo}>Por nível</h2>
        <table className={estilos.tabela}>
          <thead>
            <tr><th>Nível</th><th>Limite por CT-e (R$)</th><th>Limite por fatura (R$)</th></tr>
          </thead>
          <tbody>
            {NIVEIS.map((n) => (
              <tr key={n}>
                <td>{ROTULO_NIVEL[n]}</td>
                <CamposLimite nome={ROTULO_NIVEL[n]} valor={niveis[n]} mudar={(v) => setNiveis((atual) => ({ ...atual, [n]: v }))} />
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-label="Alçadas por usuário">
        <h2 className={estilos.titulo}>Por usuário (prevalece sobre o nível)</h2>
        <div className={estilos.busca}>
          <Autocomplete<UsuarioSimples>
            limparAoEscolher
            label="Adicionar usuário"
            value={null}
            onValueChange={adicionar}
            queryKey={['usuarios', 'alcadas']}
            search={buscarUsuarios}
            itemToString={(u) => (u.login ? `${u.nome} (${u.login})` : u.nome)}
            itemToValue={(u) => String(u.id)}
          />
        </div>
        {usuarios.length === 0 ? (
          <p className={estilos.dica}>Nenhum usuário com alçada própria.</p>
        ) : (
          <table className={estilos.tabela}>
            <thead>
              <tr><th>Usuário</th><th>Nível</th><th>Limite por CT-e (R$)</th><th>Limite por fatura (R$)</th><th>Ações</th></tr>
            </thead>
            <tbody>
              {usuarios.map((u) => (
                <tr key={u.usuario}>
                  <td>{u.nome}</td>
                  <td>{u.nivel ? ROTULO_NIVEL[u.nivel] : '—'}</td>
                  <CamposLimite nome={u.nome} valor={u} mudar={(v) => mudarUsuario(u.usuario, v)} />
                  <td>
                    <Button size="sm" variant="ghost" aria-label={`Remover a alçada própria de ${u.nome}`} onClick={() => setUsuarios((us) => us.filter((x) => x.usuario !== u.usuario))}>
                      Remover
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className={estilos.dica}>Um usuário com os dois limites em branco volta às alçadas do nível dele ao salvar.</p>
      </section>
      <div className={formGrid.botoes}>
        <Button variant="primary" aria-keyshortcuts="Control+S" disabled={salvarAlcadas.isPending} onClick={salvar}>
          Salvar <KeyCombo keys={['Ctrl+S']} />
        </Button>
      </div>
    </div>
  );
}
