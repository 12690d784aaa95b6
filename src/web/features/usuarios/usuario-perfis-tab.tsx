import { css } from '../../../../styled-system/css';
import type { PerfilSalvo } from '../../../contracts/perfis';
import { MSG_USUARIO_PROPRIOS_PERFIS } from '../../../contracts/usuarios';
import { buscarPerfisParaUsuario } from '../../api/usuarios-api';
import { Autocomplete } from '../../ui/autocomplete';
import { Button } from '../../ui/button';

export type PerfilEscolhido = { id: number; descricao: string };

const estilos = {
  corpo: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  lista: css({ display: 'flex', flexDirection: 'column', gap: '1', '& li': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', px: '2', py: '1', borderRadius: 'sm', bg: 'gray.50' } }),
  vazio: css({ color: 'gray.600', fontSize: 'sm' }),
};

interface UserProfilesTabProps {
  perfis: PerfilEscolhido[];
  onChange: (perfis: PerfilEscolhido[]) => void;
  /** docs/decisoes.md §3: one's own profiles (not an ADMIN): listed, neither added nor removed. */
  somenteLeitura?: boolean;
}

/** Tab Perfis of the user dialog: profile autocomplete (size 10, chosen ones excluded) and the chosen list. */
export function UsuarioPerfisTab({ perfis, onChange, somenteLeitura = false }: UserProfilesTabProps) {
  const ids = perfis.map((p) => p.id);
  return (
    <div className={estilos.corpo}>
      {somenteLeitura ? (
        <p className={estilos.vazio}>{MSG_USUARIO_PROPRIOS_PERFIS}</p>
      ) : (
        <Autocomplete<PerfilSalvo>
          label="Adicionar perfil"
          limparAoEscolher
          value={null}
          onValueChange={(p) => {
            if (!p || ids.includes(p.id)) return;
            onChange([...perfis, { id: p.id, descricao: p.descricao }]);
          }}
          queryKey={['perfis', 'usuario', ids]}
          search={(texto, signal) => buscarPerfisParaUsuario(texto, ids, signal)}
          itemToString={(p) => p.descricao}
          itemToValue={(p) => String(p.id)}
        />
      )}
      {perfis.length === 0 ? (
        <p className={estilos.vazio}>Nenhum perfil selecionado.</p>
      ) : (
        <ul className={estilos.lista} aria-label="Perfis do usuário">
          {perfis.map((p) => (
            <li key={p.id}>
              <span>{p.descricao}</span>
              {!somenteLeitura && (
                <Button size="sm" variant="ghost" aria-label={`Remover perfil ${p.descricao}`} onClick={() => onChange(perfis.filter((x) => x.id !== p.id))}>
                  Remover
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
