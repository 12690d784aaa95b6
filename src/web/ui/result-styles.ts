import { css } from '../../../styled-system/css';

/** The result tables of the calculation dialog. */
export const resultStyles = {
  tabela: css({
    width: '100%',
    fontSize: 'sm',
    borderCollapse: 'collapse',
    '& th': { textAlign: 'left', fontSize: 'xs', textTransform: 'uppercase', color: 'gray.700', bg: 'gray.50', px: '3', py: '2' },
    '& td': { px: '3', py: '1.5', borderTopWidth: '1px', borderColor: 'gray.100' },
    '& td[data-numero]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
    '& th[data-numero]': { textAlign: 'right' },
  }),
  falha: css({ color: 'red.700', fontWeight: 'semibold' }),
  vazio: css({ color: 'gray.600', fontSize: 'sm', py: '3' }),
  barra: css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '3' }),
  bloco: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  subtitulo: css({ fontSize: 'sm', fontWeight: 'semibold' }),
  traco: css({ fontFamily: 'mono', fontSize: 'xs', bg: 'gray.50', borderRadius: 'md', p: '3', maxHeight: '240px', overflowY: 'auto', listStyle: 'none', '& li': { whiteSpace: 'pre-wrap' } }),
  lista: css({ listStyle: 'disc', pl: '5', fontSize: 'sm' }),
};
