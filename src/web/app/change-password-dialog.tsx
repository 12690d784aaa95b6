import { useState, type FormEvent } from 'react';
import { css } from '../../../styled-system/css';
import { alterarSenhaSchema, MSG_SENHA_ALTERADA } from '../../contracts/auth';
import { useAlterarSenha } from '../api/usuarios-api';
import { useCommands } from '../commands/use-commands';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/text-field';
import { useShowMessages } from '../ui/use-show-messages';

const estilos = {
  form: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  sucesso: css({ fontSize: 'sm', color: 'green.800', bg: 'green.50', borderRadius: 'md', px: '3', py: '2' }),
};

/** Spec 01 §5 password change: client-side rules first (messages verbatim), then the server. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="Alterar senha"
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button onClick={onClose}>Fechar</Button>
          <Button type="submit" form="form-alterar-senha" variant="primary">
            Alterar senha
          </Button>
        </>
      }
    >
      <ChangePasswordForm />
    </Dialog>
  );
}

function ChangePasswordForm() {
  const [senha, setSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [sucesso, setSucesso] = useState<string | null>(null);
  const mostrarMensagens = useShowMessages();
  const alterar = useAlterarSenha();

  const salvar = () => {
    const lido = alterarSenhaSchema.safeParse({ senha, confirmacao });
    if (!lido.success) {
      mostrarMensagens([...new Set(lido.error.issues.map((i) => i.message))]);
      return;
    }
    alterar.mutate(lido.data, {
      onSuccess: (r) => {
        setSenha('');
        setConfirmacao('');
        setSucesso(r.mensagens?.[0] ?? MSG_SENHA_ALTERADA);
      },
    });
  };
  useCommands([{ id: 'senha.salvar', title: 'Alterar senha', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);

  return (
    <form
      id="form-alterar-senha"
      className={estilos.form}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        salvar();
      }}
    >
      <TextField label="Nova senha" type="password" value={senha} onValueChange={setSenha} autoComplete="new-password" />
      <TextField label="Confirmação da senha" type="password" value={confirmacao} onValueChange={setConfirmacao} autoComplete="new-password" />
      {sucesso && (
        <p role="status" className={estilos.sucesso}>
          {sucesso}
        </p>
      )}
    </form>
  );
}
