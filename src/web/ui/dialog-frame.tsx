import { useCallback, useEffect, useId, useMemo, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { sva } from '../../../styled-system/css';
import { aoSurgirControle, focavel, primeiroControleUtil } from '../commands/focus-targets';
import { prenderFoco } from '../commands/focus-trap';
import { LayerContext } from '../commands/keyboard-context';
import { useFocusLayer } from '../commands/use-focus-layer';
import { useKeyboard } from '../commands/use-keyboard';

const dialogRecipe = sva({
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'close', 'body', 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'rgba(15, 23, 42, 0.45)' },
    positioner: { position: 'fixed', inset: '0', display: 'flex', alignItems: 'flex-start', justifyContent: 'center', pt: '5vh', px: '4' },
    content: {
      bg: 'white',
      borderRadius: 'lg',
      boxShadow: 'xl',
      width: '100%',
      // Taller than the window: the body scrolls, the header and the buttons stay in view.
      maxHeight: '90vh',
      display: 'flex',
      flexDirection: 'column',
      outline: 'none',
    },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', px: '5', py: '3', borderBottomWidth: '1px', borderColor: 'gray.200' },
    title: { fontSize: 'md', fontWeight: 'semibold', color: 'gray.900' },
    close: {
      fontSize: 'lg',
      lineHeight: '1',
      px: '2',
      py: '1',
      borderRadius: 'md',
      cursor: 'pointer',
      color: 'gray.600',
      _hover: { bg: 'gray.100' },
      _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' },
    },
    body: { px: '5', py: '4', overflowY: 'auto', flex: '1', minHeight: '0' },
    footer: { display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '2', px: '5', py: '3', borderTopWidth: '1px', borderColor: 'gray.200', '&:empty': { display: 'none' } },
  },
  variants: {
    size: {
      sm: { content: { maxWidth: '420px' } },
      md: { content: { maxWidth: '640px' } },
      lg: { content: { maxWidth: '960px' } },
    },
  },
  defaultVariants: { size: 'md' },
});

export interface DialogFrameProps {
  open: boolean;
  title: string;
  /** Absent: the dialog cannot be dismissed (no close button, Escape ignored). */
  onClose?: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** A width in px instead of a size (spec 02 §9: 400, 700, 1200); still shrinks to the window. */
  width?: number;
  role?: 'dialog' | 'alertdialog';
  initialFocus?: () => HTMLElement | null;
  /** Unsaved changes (a logout asks first). */
  sujo?: () => boolean;
  /** The footer element, where DialogButtons put the dialog's buttons. */
  footerRef?: Ref<HTMLDivElement>;
}

// Later dialogs stack above earlier ones.
let ordemDeAbertura = 0;

/**
 * Ark Dialog, wrapped once: a focus-stack layer while open (Escape closes only the top dialog). The focus
 * starts on the first field (not the tab header, not the close button), also when the form arrives later;
 * when a dialog above closes, it comes back to where it was (the focus stack, not Ark, restores it).
 */
export function DialogFrame({ open, title, onClose, children, footer, size, width, role, initialFocus, sujo, footerRef }: DialogFrameProps) {
  const id = useId();
  const { stack } = useKeyboard();
  const zIndex = useMemo(() => (open ? 1000 + ++ordemDeAbertura * 2 : 0), [open]);
  const conteudo = useRef<HTMLDivElement>(null);
  const corpo = useRef<HTMLDivElement>(null);
  const [rodape, refRodape] = useRefRodape(footerRef);
  useFocusLayer(id, open, onClose, { container: () => conteudo.current, sujo });
  useConteudoTardio(open, corpo);

  // Where the focus last was inside this dialog, also where the dialog itself put it when it opened (before
  // its focus-stack layer was pushed, so the stack never saw it).
  const dentro = useRef<HTMLElement | null>(null);
  // Also asked when a dialog above closes (the trap resumes: the palette's Esc): the place the user was wins then.
  const focoInicial = () => {
    const lembrado = [dentro.current, stack.ultimoFoco({ id })].find((el) => focavel(el) && conteudo.current?.contains(el));
    if (lembrado) return lembrado;
    return initialFocus?.() ?? inicioDoCorpo(corpo.current) ?? primeiroControleUtil(rodape.current);
  };
  const refConteudo = useModal(open, conteudo, focoInicial);
  const s = dialogRecipe({ size });
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(d) => !d.open && onClose?.()}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      // Ark counts every layer opened after another (an autocomplete's list open when a hotkey opened this
      // dialog) as nested in it, and dismisses it when that one closes. Only its own Esc, × or buttons close it.
      onRequestDismiss={(e) => e.preventDefault()}
      lazyMount
      unmountOnExit
      role={role}
      // Modal by our own hand (useModal): Ark's modal work (hiding the page, the trap) came a frame late.
      modal={false}
      preventScroll
      // Ark still focuses a frame later: no move if the focus is in this dialog or one opened above it since.
      initialFocusEl={() => focoAtual(conteudo.current, stack.top().id !== id) ?? focoInicial()}
      restoreFocus={false}
    >
      <Portal>
        <ArkDialog.Backdrop className={s.backdrop} style={{ zIndex }} />
        <ArkDialog.Positioner className={s.positioner} style={{ zIndex: zIndex + 1 }}>
          <ArkDialog.Content
            ref={refConteudo}
            aria-modal
            className={s.content}
            style={width ? { maxWidth: width } : undefined}
            // React's focus events also bubble from dialogs portaled above this one: only this content's own count.
            onFocus={(e) => void (conteudo.current?.contains(e.target) && (dentro.current = e.target))}
          >
            <div className={s.header}>
              <ArkDialog.Title className={s.title}>{title}</ArkDialog.Title>
              {onClose && (
                <ArkDialog.CloseTrigger className={s.close} aria-label="Fechar (Esc)" data-fechar-dialogo="">
                  ×
                </ArkDialog.CloseTrigger>
              )}
            </div>
            <LayerContext.Provider value={id}>
              <div ref={corpo} className={s.body}>
                {children}
              </div>
              <div ref={refRodape} className={s.footer}>
                {footer}
              </div>
            </LayerContext.Provider>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

/** The footer's element, also handed to the caller's footerRef; the callback is stable (a new one each render would hand the footer over again, null then the element). */
function useRefRodape(footerRef: DialogFrameProps['footerRef']) {
  const rodape = useRef<HTMLDivElement | null>(null);
  const refRodape = useCallback(
    (el: HTMLDivElement | null) => {
      rodape.current = el;
      if (typeof footerRef === 'function') footerRef(el);
      else if (footerRef) footerRef.current = el;
    },
    [footerRef],
  );
  return [rodape, refRodape] as const;
}

/** The focused element, if it is in `conteudo` or (`acima`: a dialog opened above this one) anywhere. */
function focoAtual(conteudo: HTMLElement | null, acima: boolean): HTMLElement | null {
  const a = document.activeElement;
  return a instanceof HTMLElement && (acima || conteudo?.contains(a)) ? a : null;
}

/**
 * The dialog made modal (prenderFoco: the page hidden, the focus trapped), as the content enters the page,
 * in the same commit: the focus is on `focoInicial` before any key can reach the layer below, and a dialog
 * opened by that key (the "Atenção" popup of a Ctrl+S) is on top. Undone when the dialog closes.
 */
function useModal(open: boolean, conteudo: RefObject<HTMLDivElement | null>, focoInicial: () => HTMLElement | null | undefined) {
  const ultimo = useRef({ open, focoInicial });
  ultimo.current = { open, focoInicial };
  const montado = useRef<HTMLElement | null>(null);
  const soltar = useRef<(() => void) | null>(null);
  const encerrar = useCallback(() => {
    soltar.current?.();
    soltar.current = null;
  }, []);
  useEffect(() => (open ? encerrar : undefined), [open, encerrar]);
  // Ark composes the refs anew each render (null, then the same element): only a new element is an opening.
  return useCallback(
    (el: HTMLDivElement | null) => {
      conteudo.current = el;
      if (!el || el === montado.current) return;
      montado.current = el;
      encerrar();
      if (ultimo.current.open) soltar.current = prenderFoco(el, () => ultimo.current.focoInicial());
    },
    [conteudo, encerrar],
  );
}

const CAMPO = 'input, select, textarea';

/** The tab a tab list would give the focus to: the selected one (the only tabbable one), else the first. */
function abaAtual(corpo: HTMLElement): HTMLElement | null {
  const abas = [...corpo.querySelectorAll<HTMLElement>('[role=tab]')].filter((aba) => focavel(aba));
  return abas.find((aba) => aba.tabIndex >= 0) ?? abas[0] ?? null;
}

/**
 * Where the focus starts in the dialog's body: its first field or grid (primeiroControleUtil), else its
 * current tab, else its first other control. A read-only dialog (a Fatura, a Minuta, a CT-e one may not
 * edit) thus opens on its tab list, never on the header's × nor on an action button of its body that one
 * reflex Enter would run ("Reprocessar dados fiscais"). Null: nothing in the body can take the focus.
 */
export function inicioDoCorpo(corpo: HTMLElement | null | undefined): HTMLElement | null {
  if (!corpo) return null;
  const util = primeiroControleUtil(corpo);
  if (util?.matches(`${CAMPO}, [role=grid], [data-autofocus]`)) return util;
  return abaAtual(corpo) ?? util;
}

/**
 * A dialog that opens on "Carregando…" has nothing to focus yet: when its content arrives, the focus moves
 * to it (inicioDoCorpo), unless the user has gone somewhere in the meantime. Until a field arrives, a tab
 * or a grid given the focus here stays a stand-in (the form may come a moment later and take it).
 */
function useConteudoTardio(open: boolean, corpo: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    if (!open) return;
    let posto: Element | null = null;
    // The page's body: Ark mounts the content a render after the dialog opens.
    return aoSurgirControle(document.body, () => {
      if (!corpo.current) return false;
      const a = document.activeElement;
      // Still on a stand-in (nothing, the close button, the dialog itself, where this put it): the content may take it.
      const provisorio =
        !a || a === document.body || a === posto || a.hasAttribute('data-fechar-dialogo') || a.getAttribute('role') === 'dialog' || !a.closest('[role=dialog]');
      if (!provisorio) return true;
      const alvo = inicioDoCorpo(corpo.current);
      if (!alvo) return false;
      if (alvo !== a) alvo.focus();
      posto = alvo;
      return alvo.matches(CAMPO);
    });
  }, [open, corpo]);
}
