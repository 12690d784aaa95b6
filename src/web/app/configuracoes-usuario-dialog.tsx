import { useState } from 'react';
import { css } from '../../../styled-system/css';
import type { UsuarioLogado } from '../../contracts/auth';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { DialogButtons } from '../ui/dialog-buttons';
import { AlterarSenhaDialog } from './alterar-senha-dialog';

const lista = css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2 4', fontSize: 'sm', '& dt': { fontWeight: 'semibold', color: 'gray.600' } });

/** Spec 01 §2 settings (Ctrl+O): name, profile and e-mail, and the change-password button. */
export function ConfiguracoesUsuarioDialog({ open, onClose, usuario }: { open: boolean; onClose: () => void; usuario: UsuarioLogado }) {
  const [senhaAberta, setSenhaAberta] = useState(false);
  return (
    <Dialog open={open} title="Configurações" onClose={onClose} size="sm">
      <DialogButtons>
        <Button onClick={() => setSenhaAberta(true)}>Alterar senha</Button>
      </DialogButtons>
      <dl className={lista}>
        <dt>Nome</dt>
        <dd>{usuario.nome}</dd>
        <dt>Perfil</dt>
        <dd>{usuario.perfil ?? '—'}</dd>
        <dt>E-mail</dt>
        <dd>{usuario.email ?? '—'}</dd>
      </dl>
      <AlterarSenhaDialog open={senhaAberta} onClose={() => setSenhaAberta(false)} />
    </Dialog>
  );
}
