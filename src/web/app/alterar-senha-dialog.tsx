import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { alterarSenhaSchema, MSG_SENHA_ALTERADA } from '../../contracts/auth';
import { noticeBus } from '../api/notice-bus';
import { useAlterarSenha } from '../api/usuarios-api';
import { useCommands } from '../commands/use-commands';
import { Dialog } from '../ui/dialog';
import { DialogButtons } from '../ui/dialog-buttons';
import { TextField } from '../ui/text-field';
import { useUnsavedChanges } from '../ui/use-unsaved-changes';
import { useValidate } from '../ui/use-validated-save';

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' });

/**
 * Spec 01 §5 password change: client-side rules first (messages verbatim), then the server. On success the
 * dialog has nothing left to do: it closes and "Senha alterada com sucesso!" shows in the status line.
 * docs/decisoes.md §1, §2: the current password comes first; the server ends the user's other sessions and answers this
 * one's renewed token (api-client.ts stores it).
 */
export function AlterarSenhaDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Alterar senha" onClose={onClose} size="sm">
      <ChangePasswordForm onClose={onClose} />
    </Dialog>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const [senhaAtual, setSenhaAtual] = useState('');
  const [senha, setSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const validar = useValidate();
  const alterar = useAlterarSenha();
  useUnsavedChanges({ senhaAtual, senha, confirmacao });

  const salvar = () => {
    if (alterar.isPending) return;
    const dados = validar(alterarSenhaSchema, { senhaAtual, senha, confirmacao });
    if (!dados) return;
    alterar.mutate(dados, {
      onSuccess: (r) => {
        noticeBus.publicar(r.mensagens?.[0] ?? MSG_SENHA_ALTERADA);
        onClose();
      },
    });
  };
  useCommands([{ id: 'senha.salvar', title: 'Alterar senha', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);

  return (
    // Enter in either field changes the password (the buttons live in the dialog's footer, outside this div).
    <div
      className={form}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        salvar();
      }}
    >
      <TextField label="Senha atual" type="password" value={senhaAtual} onValueChange={setSenhaAtual} autoComplete="current-password" />
      <TextField label="Nova senha" type="password" value={senha} onValueChange={setSenha} autoComplete="new-password" />
      <TextField label="Confirmação da senha" type="password" value={confirmacao} onValueChange={setConfirmacao} autoComplete="new-password" />
      <DialogButtons onConfirm={salvar} confirmLabel="Alterar senha" disabled={alterar.isPending} />
    </div>
  );
}
