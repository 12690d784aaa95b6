import { css } from '../../../../styled-system/css';
import { ACOES, AREAS_PERMISSAO, ROTULO_ACAO, type AbaPermissao } from '../../../domain/permissoes';
import { alternarPermissoes } from './alternar-permissoes';

const estilos = {
  tabela: css({ width: '100%', fontSize: 'sm', borderCollapse: 'collapse', '& th, & td': { py: '1', px: '2', borderBottomWidth: '1px', borderColor: 'gray.100' }, '& td': { textAlign: 'center' } }),
  botao: css({
    cursor: 'pointer',
    fontWeight: 'semibold',
    borderRadius: 'sm',
    px: '1',
    textAlign: 'left',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' },
  }),
  caixa: css({ width: '4', height: '4', cursor: 'pointer', accentColor: 'blue.700', _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' } }),
};

export interface MatrizPermissoesProps {
  aba: AbaPermissao;
  roles: ReadonlySet<string>;
  onChange: (roles: Set<string>) => void;
}

/** Columns Menu, Criar, Editar, Excluir; an area without a code has an empty cell. */
export function MatrizPermissoes({ aba, roles, onChange }: MatrizPermissoesProps) {
  const areas = AREAS_PERMISSAO.filter((a) => a.aba === aba);
  return (
    <table className={estilos.tabela} aria-label={`Permissões de ${aba}`}>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left' }}>
            Área
          </th>
          {ACOES.map((acao) => {
            const codigos = areas.flatMap((a) => (a.codigos[acao] ? [a.codigos[acao]] : []));
            return (
              <th key={acao} scope="col">
                <button type="button" className={estilos.botao} title="Marca ou desmarca a coluna inteira" onClick={() => onChange(alternarPermissoes(roles, codigos))}>
                  {ROTULO_ACAO[acao]}
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {areas.map((area) => (
          <tr key={area.area}>
            <th scope="row" style={{ textAlign: 'left' }}>
              <button
                type="button"
                className={estilos.botao}
                title="Marca ou desmarca a linha inteira"
                onClick={() => onChange(alternarPermissoes(roles, Object.values(area.codigos) as string[]))}
              >
                {area.area}
              </button>
            </th>
            {ACOES.map((acao) => {
              const codigo = area.codigos[acao];
              return (
                <td key={acao}>
                  {codigo && (
                    <input
                      type="checkbox"
                      className={estilos.caixa}
                      aria-label={`${area.area}: ${ROTULO_ACAO[acao]}`}
                      checked={roles.has(codigo)}
                      onChange={() => onChange(alternarPermissoes(roles, [codigo]))}
                    />
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
