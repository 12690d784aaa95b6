import { css } from '../../../styled-system/css';

const kbd = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  px: '1.5',
  py: '0.5',
  borderWidth: '1px',
  borderColor: 'gray.300',
  borderBottomWidth: '2px',
  borderRadius: 'sm',
  bg: 'gray.50',
  color: 'gray.700',
  whiteSpace: 'nowrap',
});

/** "Ctrl+N / Alt+N": the spec key and its alternates side by side (keyboard.md). */
export function KeyCombo({ keys }: { keys: string[] }) {
  if (keys.length === 0) return null;
  return (
    <span aria-label={keys.join(' ou ')}>
      {keys.map((k, i) => (
        <span key={k}>
          {i > 0 && <span aria-hidden> / </span>}
          <kbd className={kbd}>{k}</kbd>
        </span>
      ))}
    </span>
  );
}
