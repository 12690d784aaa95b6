import { useMemo, useState } from 'react';
import { Command as Cmdk } from 'cmdk';
import { sva } from '../../../styled-system/css';
import { DialogFrame } from '../ui/dialog-frame';
import { KeyCombo } from '../ui/key-combo';
import { useDebouncedValue } from '../ui/use-debounced-value';
import { ESCOPO_GLOBAL, ESCOPO_RAIZ, type Command, type CommandContext } from './command-registry';
import { rankCommands } from './rank-commands';
import { recentCommands } from './recent-commands';
import { useEntitySearch } from './use-entity-search';
import { useKeyboard } from './use-keyboard';
import { useRegisteredCommands } from './use-registered-commands';

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

const GRUPOS = ['Navegação', 'Ações', 'Geral'] as const;

/** Ctrl+K or "/": commands (ranked by what was typed, recent ones first among equals) and records found on the server. */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Closing gives the focus back where the user was (the focus stack restores it).
  return (
    <DialogFrame open={open} title="Paleta de comandos" onClose={onClose}>
      <PaletteBody onClose={onClose} />
    </DialogFrame>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const { contexto } = useKeyboard();
  const todos = useRegisteredCommands();
  const [texto, setTexto] = useState('');
  const termo = useDebouncedValue(texto.trim(), 200);
  const ctx = contexto();
  const dono = ctx.usuario && { empresa: ctx.usuario.empresa, login: ctx.usuario.login };
  const achados = useEntitySearch(termo, ctx.usuario);
  const s = recipe();

  const grupos = useMemo(() => {
    const recentes = dono ? recentCommands.ler(dono) : [];
    const disponiveis = todos.filter((c) => (c.scope === ESCOPO_RAIZ || c.scope === ESCOPO_GLOBAL) && (!c.when || c.when(ctx)));
    const consulta = texto.trim();
    if (consulta) return [{ titulo: 'Comandos', itens: rankCommands(disponiveis, consulta, recentes), comGrupo: true }];
    const recentesDisponiveis = recentes.map((id) => disponiveis.find((c) => c.id === id)).filter((c): c is Command => c !== undefined);
    const resto = disponiveis.filter((c) => !recentes.includes(c.id));
    return [
      { titulo: 'Recentes', itens: recentesDisponiveis, comGrupo: false },
      ...GRUPOS.map((g) => ({ titulo: g, itens: resto.filter((c) => c.group === g), comGrupo: false })),
    ];
    // ctx is read afresh each render (selection, route); the registry snapshot and the text drive the list.
  }, [todos, ctx, texto, dono?.empresa, dono?.login]); // eslint-disable-line react-hooks/exhaustive-deps

  // The command runs after the palette has closed, so a dialog it opens takes the focus.
  const executar = (acao: (c: CommandContext) => void, idRecente?: string) => {
    if (idRecente && dono) recentCommands.gravar(dono, idRecente);
    onClose();
    setTimeout(() => acao(contexto()), 0);
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
    <Cmdk label="Paleta de comandos" shouldFilter={false} vimBindings={false} loop>
      <Cmdk.Input className={s.input} value={texto} onValueChange={setTexto} placeholder="Digite um comando ou busque um registro…" />
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
        {achados.map(({ provedor, hits, falhou }) =>
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
