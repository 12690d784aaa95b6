import { forwardRef, type ChangeEvent } from 'react';
import { css } from '../../../../../styled-system/css';

// Rendered with no size, not `hidden`: Chromium opens the file chooser for a display:none input when a button's
// click() comes from Space, but not from Enter (measured in headless Chromium); a rendered one opens on both. Zero
// size: nothing to click or cover on the page.
const invisivel = css({ position: 'absolute', width: '0', height: '0', p: '0', borderWidth: '0', opacity: 0, overflow: 'hidden' });

/** The file input a button opens (click()); out of the tab order, the button is the control. */
export const SeletorArquivo = forwardRef<HTMLInputElement, { rotulo: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void }>(function SeletorArquivo({ rotulo, onChange }, ref) {
  return <input ref={ref} type="file" className={invisivel} accept=".xlsx,.csv" aria-label={rotulo} tabIndex={-1} aria-hidden onChange={onChange} />;
});
