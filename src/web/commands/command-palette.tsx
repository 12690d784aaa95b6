import { useEffect, useMemo, useState } from 'react';
import { Command as Cmdk } from 'cmdk';
import { sva } from '../../../styled-system/css';
import { useQueries } from '@tanstack/react-query';
import { Dialog } from '../ui/dialog';
import { KeyCombo } from '../ui/key-combo';
import { ESCOPO_RAIZ, type Command, type CommandContext } from './command-registry';
import { ENTITY_SEARCH_PROVIDERS } from './entity-search-providers';
import { matchText } from './match-text';
import { recentCommands } from './recent-commands';
import { useKeyboard } from './use-keyboard';
import { useRegisteredCommands } from './use-registered-commands';

const recipe = sva({
  slots: ['input', 'list', 'group', 'item', 'empty'],
  base: {
    input: { width: '100%', px: '3', py: '2', fontSize: 'md', borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' } },
    list: { mt: '2', maxHeight: '50vh', overflowY: 'auto' },
    group: { '& [cmdk-group-heading]': { px: '2', pt: '2', pb: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'gray.500', textTransform: 'uppercase' } },
    item: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', px: '2', py: '1.5', borderRadius: 'md', fontSize: 'sm', cursor: 'pointer', '&[data-selected=true]': { bg: 'blue.50', color: 'blue.900' } },
    empty: { px: '2', py: '3', fontSize: 'sm', color: 'gray.600' },
  },
});

const MINIMO_BUSCA = 3;
const GRUPOS = ['Navegação', 'Ações', 'Geral'] as const;

/** Ctrl+K or "/": recent commands first, then routes, screen actions, global commands and records found on the server. */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Read while rendering the opening, before the palette takes the focus.
  const anterior = useMemo(() => (open ? (document.activeElement as HTMLElement | null) : null), [open]);
  const cancelar = () => {
    onClose();
    setTimeout(() => anterior?.isConnected && anterior.focus(), 0);
  };
  return (
    <Dialog open={open} title="Paleta de comandos" onClose={cancelar} restoreFocus={false}>
      <PaletteBody onClose={onClose} />
    </Dialog>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const { contexto } = useKeyboard();
  const todos = useRegisteredCommands();
  const [texto, setTexto] = useState('');
  const [termo, setTermo] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTermo(texto.trim()), 200);
    return () => clearTimeout(t);
  }, [texto]);
  const ctx = contexto();
  const usuario = ctx.usuario;
  const provedores = usuario && termo.length >= MINIMO_BUSCA ? ENTITY_SEARCH_PROVIDERS.filter((p) => p.permitido(usuario)) : [];
  // One server search per permitted provider, a few hits each (keyboard.md: keep cmdk's items few).
  const buscas = useQueries({
    queries: provedores.map((p) => ({ queryKey: ['paleta', p.id, termo], queryFn: ({ signal }: { signal: AbortSignal }) => p.buscar(termo, signal), staleTime: 10_000 })),
  });
  const s = recipe();

  const { recentes, porGrupo } = useMemo(() => {
    const disponiveis = todos.filter((c) => c.scope === ESCOPO_RAIZ && (!c.when || c.when(ctx)));
    const visiveis = disponiveis.filter((c) => matchText(`${c.title} ${c.group} ${c.keys.join(' ')}`, texto));
    const idsRecentes = recentCommands.ler();
    const recentes = idsRecentes.map((id) => visiveis.find((c) => c.id === id)).filter((c): c is Command => c !== undefined);
    const resto = visiveis.filter((c) => !idsRecentes.includes(c.id));
    return { recentes, porGrupo: GRUPOS.map((g) => ({ grupo: g, itens: resto.filter((c) => c.group === g) })) };
  }, [todos, ctx, texto]);

  // The command runs after the palette has closed, so a dialog it opens takes the focus.
  const executar = (acao: (c: CommandContext) => void, idRecente?: string) => {
    if (idRecente) recentCommands.gravar(idRecente);
    onClose();
    setTimeout(() => acao(contexto()), 0);
  };
  const item = (c: Command) => (
    <Cmdk.Item key={c.id} value={c.id} className={s.item} onSelect={() => executar(c.run, c.id)}>
      <span>{c.title}</span>
      <KeyCombo keys={c.keys} />
    </Cmdk.Item>
  );
  const achados = provedores.map((p, i) => ({ provedor: p, hits: buscas[i]?.data ?? [] })).filter((g) => g.hits.length > 0);

  return (
    <Cmdk label="Paleta de comandos" shouldFilter={false} vimBindings={false} loop>
      <Cmdk.Input className={s.input} value={texto} onValueChange={setTexto} placeholder="Digite um comando ou busque um registro…" />
      <Cmdk.List className={s.list} aria-label="Comandos">
        <Cmdk.Empty className={s.empty}>Nenhum comando encontrado</Cmdk.Empty>
        {recentes.length > 0 && (
          <Cmdk.Group heading="Recentes" className={s.group}>
            {recentes.map(item)}
          </Cmdk.Group>
        )}
        {porGrupo.map(
          ({ grupo, itens }) =>
            itens.length > 0 && (
              <Cmdk.Group key={grupo} heading={grupo} className={s.group}>
                {itens.map(item)}
              </Cmdk.Group>
            ),
        )}
        {achados.map(({ provedor, hits }) => (
          <Cmdk.Group key={provedor.id} heading={provedor.titulo} className={s.group}>
            {hits.map((h) => (
              <Cmdk.Item key={h.id} value={`${provedor.id}:${h.id}`} className={s.item} onSelect={() => executar((c) => c.navigate(h.destino))}>
                <span>{h.rotulo}</span>
                {h.detalhe && <small>{h.detalhe}</small>}
              </Cmdk.Item>
            ))}
          </Cmdk.Group>
        ))}
      </Cmdk.List>
    </Cmdk>
  );
}
