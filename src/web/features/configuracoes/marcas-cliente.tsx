import { css } from '../../../../styled-system/css';
import type { VwCliente } from '../../../contracts/clientes';

const estilos = {
  marcas: css({ display: 'inline-flex', alignItems: 'center', gap: '2', ml: '2', fontSize: 'xs', color: 'gray.600' }),
  tipo: css({ borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'sm', px: '1' }),
  ativo: css({ color: 'green.700' }),
  inativo: css({ color: 'gray.500' }),
};

/** Spec 01 §3: tipo MATRIZ/FILIAL/UNICO; posicao ATIVO shows the active icon, any other value not active. */
export function MarcasCliente({ tipo, posicao }: Pick<VwCliente, 'tipo' | 'posicao'>) {
  const ativo = posicao === 'ATIVO';
  return (
    <span className={estilos.marcas}>
      <span className={estilos.tipo}>{tipo}</span>
      <span className={ativo ? estilos.ativo : estilos.inativo} role="img" aria-label={ativo ? 'Ativo' : 'Não ativo'} title={posicao}>
        {ativo ? '●' : '○'}
      </span>
    </span>
  );
}
