import { css } from '../../../styled-system/css';

// Shared look of labelled form fields.
export const fieldStyles = {
  field: css({ display: 'flex', flexDirection: 'column', gap: '1' }),
  label: css({ fontSize: 'sm', fontWeight: 'medium', color: 'gray.700' }),
  input: css({
    borderWidth: '1px',
    borderColor: 'gray.300',
    borderRadius: 'md',
    px: '2.5',
    py: '1.5',
    fontSize: 'sm',
    bg: 'white',
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '0', borderColor: 'blue.600' },
    _invalid: { borderColor: 'red.600' },
    _readOnly: { bg: 'gray.50', color: 'gray.600' },
  }),
  hint: css({ fontSize: 'xs', color: 'gray.600' }),
  error: css({ fontSize: 'xs', color: 'red.700' }),
};
