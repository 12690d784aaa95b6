import { css } from '../../../styled-system/css';

/** Dialog form layout: two columns of fields, the buttons row at the end. */
export const formGrid = {
  grade: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' }),
  largo: css({ gridColumn: '1 / -1' }),
  corpo: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  botoes: css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '2' }),
  alternar: css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer', '& input': { width: '4', height: '4', accentColor: 'blue.700' } }),
  carregando: css({ color: 'gray.600', fontSize: 'sm' }),
};
