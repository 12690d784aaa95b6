import { useContext, useMemo, useRef, useState } from 'react';
import { Command as Cmdk } from 'cmdk';
import { sva } from '../../../styled-system/css';
import { ATRASO_BUSCA_MS } from '../../contracts/busca';
import { DialogFrame } from '../ui/dialog-frame';
import { KeyCombo } from '../ui/key-combo';
import { useDebouncedValue } from '../ui/use-debounced-value';
import { ESCOPO_GLOBAL, ESCOPO_RAIZ, type Command, type CommandContext } from '../commands/command-registry';
import type { FocusLayer } from '../commands/focus-stack';
import { LayerContext } from '../commands/keyboard-context';
import { rankCommands } from '../commands/rank-commands';
import { recentCommands } from '../commands/recent-commands';
import { useEntitySearch, type EntitySearch } from '../commands/use-busca-paleta';
import { useKeyboard } from '../commands/use-keyboard';
import { useRegisteredCommands } from '../commands/use-registered-commands';

const recipe = sva({
  slots: ['input', 'list', 'group', 'item', 'grupo', 'empty', 'hint'],
  base: {
    input: { width: '100%', px: '3', py: '2', fontSize: 'md', borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' } },
    list: { mt: '2', maxHeight: '50vh', overflowY: 'auto' },
    group: { '& [cmdk-group-heading]': { px: '2', pt: '2', pb: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'gray.500', textTransform: 'uppercase' } },
    item: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', px: '2', py: '1.5', borderRadius: 'md', fontSize: 'sm', cursor: 'pointer', '&[data-selected=true]': { bg: 'blue.50', color: 'blue.900' } },
    grupo: { ml: 'auto', fontSize: 'xs', color: 'gray.500' },
    empty: { px: '2', py: '3', fontSize: 'sm', color: 'gray.600' },
    hint: { px: '2', py: '1', fontSize: 'xs', color: 'gray.600' },
  },
});

const GRUPOS = ['Navegação', 'Ações', 'Geral', 'Relatórios'] as const;

/** A dialog's title, read off its element (the focus stack knows the element, not the title). */
function tituloDaCamada(camada: FocusLayer): string | undefined {
  const el = camada.container?.();
  const id = el?.getAttribute('aria-labelledby');
  return (id && document.getElementById(id)?.textContent?.trim()) || el?.getAttribute('aria-label') || undefined;
}

/**
 * Ctrl+K (anywhere) or "/" (on the screen): the commands of the layer that was on top when it opened, the
 * screen or a dialog, plus the global ones, ranked by what was typed (recent ones first among equals). On
 * the screen also the navigation and the records found on the server; over a dialog only that dialog's
 * commands (the screen behind it is out of reach), under the dialog's title.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { stack } = useKeyboard();
  // Read while rendering the opening: the palette's own layer is pushed after this commit.
  const [aberta, setAberta] = useState(false);
  const [sobre, setSobre] = useState<FocusLayer>(() => stack.top());
  if (open !== aberta) {
    setAberta(open);
    if (open) setSobre(stack.top());
  }
  // Closing gives the focus back where the user was (the focus stack restores it).
  return (
    <DialogFrame open={open} title="Paleta de comandos" onClose={onClose}>
      <PaletteBody sobre={sobre} onClose={onClose} />
    </DialogFrame>
  );
}

interface Grupo {
  titulo: string;
  itens: Command[];
  comGrupo: boolean;
}

/** The palette's groups: the commands of `sobre` and the global ones whose when() holds. */
function useGrupos(sobre: FocusLayer, texto: string, ctx: CommandContext, recentes: string[], tituloAcoes: string): Grupo[] {
  const todos = useRegisteredCommands();
  return useMemo(() => {
    const disponiveis = todos.filter((c) => (c.scope === sobre.id || c.scope === ESCOPO_GLOBAL) && (!c.when || c.when(ctx)));
    const consulta = texto.trim();
    if (consulta) return [{ titulo: 'Comandos', itens: rankCommands(disponiveis, consulta, recentes), comGrupo: true }];
    const recentesDisponiveis = recentes.map((id) => disponiveis.find((c) => c.id === id)).filter((c): c is Command => c !== undefined);
    const resto = disponiveis.filter((c) => !recentes.includes(c.id));
    return [
      { titulo: 'Recentes', itens: recentesDisponiveis, comGrupo: false },
      ...GRUPOS.map((g) => ({ titulo: g === 'Ações' ? tituloAcoes : g, itens: resto.filter((c) => c.group === g), comGrupo: false })),
    ];
  }, [todos, sobre, ctx, texto, recentes.join('\u0000'), tituloAcoes]); // eslint-disable-line react-hooks/exhaustive-deps -- the recent ids by value (a new array each render)
}

/**
 * Runs a chosen command once the palette has closed: after its layer is popped and the focus keeper has
 * put the focus back in the layer below (the keeper's onPop timer was set first), in that layer's context,
 * so a dialog the command opens takes the focus and a command that moves it (Alt+D to a row) keeps it.
 */
function useExecutar(onClose: () => void) {
  const { stack, contexto } = useKeyboard();
  const camadaPaleta = useContext(LayerContext);
  const executando = useRef(false);
  return (acao: (c: CommandContext) => void) => {
    if (executando.current) return;
    executando.current = true;
    const rodar = () => setTimeout(() => acao(contexto()), 0);
    if (stack.top().id !== camadaPaleta) rodar();
    else {
      const parar = stack.onPop((saiu) => {
        if (saiu.id !== camadaPaleta) return;
        parar();
        rodar();
      });
    }
    onClose();
  };
}

/**
 * The selected item, kept on one that is listed. Each keystroke's search answer replaces the hits; cmdk keeps
 * its selection on a hit that left with its group and then selects nothing, so Enter would do nothing: a
 * selection no longer listed falls to the first item, as cmdk does when the text changes.
 */
function useSelecaoValida(grupos: Grupo[], achados: EntitySearch) {
  const [escolhido, escolher] = useState('');
  const valores = [
    ...grupos.flatMap((g) => g.itens.map((c) => c.id)),
    ...achados.grupos.flatMap(({ provedor, hits, falhou }) => (falhou ? [] : hits.map((h) => `${provedor.id}:${h.id}`))),
  ];
  return { valor: valores.includes(escolhido) ? escolhido : (valores[0] ?? ''), escolher };
}

function PaletteBody({ sobre, onClose }: { sobre: FocusLayer; onClose: () => void }) {
  const { contexto } = useKeyboard();
  const [texto, setTexto] = useState('');
  // One request per term (GET /busca), the one in flight aborted by the next: no pause needed (a burst of
  // changes in one task still makes one term).
  const termo = useDebouncedValue(texto.trim(), ATRASO_BUSCA_MS);
  const ctx = contexto();
  const dono = ctx.usuario && { empresa: ctx.usuario.empresa, login: ctx.usuario.login };
  const naTela = sobre.id === ESCOPO_RAIZ;
  const [tituloDialogo] = useState(() => (naTela ? undefined : tituloDaCamada(sobre)));
  // Over a dialog no server search: opening a record would leave the dialog and its work.
  const achados = useEntitySearch(naTela ? termo : '', ctx.usuario);
  const grupos = useGrupos(sobre, texto, ctx, dono ? recentCommands.ler(dono) : [], tituloDialogo ?? 'Ações');
  const selecao = useSelecaoValida(grupos, achados);
  const correr = useExecutar(onClose);
  const s = recipe();
  const executar = (acao: (c: CommandContext) => void, idRecente?: string) => {
    if (idRecente && dono) recentCommands.gravar(dono, idRecente);
    correr(acao);
  };
  const item = (c: Command, comGrupo: boolean) => (
    <Cmdk.Item key={c.id} value={c.id} className={s.item} onSelect={() => executar(c.run, c.id)}>
      <span>{c.title}</span>
      {comGrupo && (
        <span className={s.grupo} aria-hidden>
          {c.group}
        </span>
      )}
      <KeyCombo keys={c.keys} />
    </Cmdk.Item>
  );

  return (
    <Cmdk label="Paleta de comandos" shouldFilter={false} vimBindings={false} loop value={selecao.valor} onValueChange={selecao.escolher}>
      <Cmdk.Input className={s.input} value={texto} onValueChange={setTexto} placeholder={naTela ? 'Digite um comando ou busque um registro…' : 'Digite um comando…'} />
      <Cmdk.List className={s.list} aria-label="Comandos">
        <Cmdk.Empty className={s.empty}>Nenhum comando encontrado</Cmdk.Empty>
        {grupos.map(
          ({ titulo, itens, comGrupo }) =>
            itens.length > 0 && (
              <Cmdk.Group key={titulo} heading={titulo} className={s.group}>
                {itens.map((c) => item(c, comGrupo))}
              </Cmdk.Group>
            ),
        )}
        {achados.falhou && (
          <p role="status" className={s.hint}>
            Não foi possível buscar registros agora.
          </p>
        )}
        {achados.grupos.map(({ provedor, hits, falhou }) =>
          falhou ? (
            <p key={provedor.id} role="status" className={s.hint}>
              Não foi possível buscar {provedor.titulo.toLowerCase()} agora.
            </p>
          ) : (
            hits.length > 0 && (
              <Cmdk.Group key={provedor.id} heading={provedor.titulo} className={s.group}>
                {hits.map((h) => (
                  <Cmdk.Item key={h.id} value={`${provedor.id}:${h.id}`} className={s.item} onSelect={() => executar((c) => c.navigate(h.destino))}>
                    <span>{h.rotulo}</span>
                    {h.detalhe && <small>{h.detalhe}</small>}
                  </Cmdk.Item>
                ))}
              </Cmdk.Group>
            )
          ),
        )}
      </Cmdk.List>
    </Cmdk>
  );
}
