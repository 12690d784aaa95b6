import { useState } from 'react';
import { MSG_USUARIO_PROPRIA_SENHA, usuarioCadastroSchema, type Usuario } from '../../../contracts/usuarios';
import { usuariosApi } from '../../api/usuarios-api';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useValidate } from '../../ui/use-validated-save';
import { UsuarioPerfisTab, type PerfilEscolhido } from './usuario-perfis-tab';

export interface UsuarioDialogProps {
  open: boolean;
  id?: number | null;
  registro?: Usuario | null;
  podeSalvar: boolean;
  /**
   * docs/decisoes.md §3: who is logged in. Editing one's own account, the password fields are off (the password change
   * asks for the current one) and, unless an ADMIN, so are the profiles (the server refuses both).
   */
  logado: { id: number; nivel: string };
  onClose: () => void;
}

/** User dialog (spec 01 §2): tabs Dados Principais and Perfis. Ctrl+S saves; a deactivated user is reactivated with Ativado. */
export function UsuarioDialog({ open, id, registro, podeSalvar, logado, onClose }: UsuarioDialogProps) {
  const idCarregar = registro ? null : (id ?? null);
  const carregado = usuariosApi.useUm(open ? idCarregar : null);
  const usuario = registro ?? carregado.data ?? null;
  return (
    <Dialog open={open} title={registro || idCarregar ? 'Editar usuário' : 'Novo usuário'} onClose={onClose}>
      {idCarregar && !usuario ? (
        <p className={formGrid.carregando}>Carregando…</p>
      ) : (
        <Formulario usuario={usuario} podeSalvar={podeSalvar} proprio={usuario?.id === logado.id} admin={logado.nivel === 'ADMIN'} onClose={onClose} />
      )}
    </Dialog>
  );
}

interface FormularioProps {
  usuario: Usuario | null;
  podeSalvar: boolean;
  proprio: boolean;
  admin: boolean;
  onClose: () => void;
}

function Formulario({ usuario, podeSalvar, proprio, admin, onClose }: FormularioProps) {
  const [login, setLogin] = useState(usuario?.login ?? '');
  const [nome, setNome] = useState(usuario?.nome ?? '');
  const [email, setEmail] = useState(usuario?.email ?? '');
  const [senha, setSenha] = useState('');
  const [csenha, setCsenha] = useState('');
  const [ativado, setAtivado] = useState(usuario?.ativado ?? true);
  const [perfis, setPerfis] = useState<PerfilEscolhido[]>(usuario?.perfis ?? []);
  const validar = useValidate();
  useUnsavedChanges({ login, nome, email, senha, csenha, ativado, perfis });
  const salvarUsuario = usuariosApi.useSalvar();

  const salvar = () => {
    if (!podeSalvar || salvarUsuario.isPending) return;
    const dados = validar(usuarioCadastroSchema, {
      ...(usuario ? { id: usuario.id, versao: usuario.versao } : {}),
      login,
      nome,
      email: email.trim() || null,
      senha: senha || null,
      csenha: csenha || null,
      ativado,
      perfis,
    });
    if (dados) salvarUsuario.mutate(dados, { onSuccess: onClose });
  };
  useCommands([{ id: 'usuario.salvar', title: 'Salvar usuário', group: 'Ações', keys: ['Ctrl+S'], when: () => podeSalvar, run: salvar }]);

  const principais = (
    <div className={formGrid.grade}>
      <TextField label="Login" value={login} onValueChange={setLogin} maxLength={100} readOnly={usuario !== null} autoComplete="off" />
      <TextField label="Nome" value={nome} onValueChange={setNome} maxLength={150} />
      <div className={formGrid.largo}>
        <TextField label="E-mail" type="email" value={email} onValueChange={setEmail} maxLength={200} />
      </div>
      <TextField
        label="Senha"
        type="password"
        value={senha}
        onValueChange={setSenha}
        maxLength={200}
        autoComplete="new-password"
        disabled={proprio}
        hint={proprio ? MSG_USUARIO_PROPRIA_SENHA : usuario ? 'Em branco mantém a senha atual' : undefined}
      />
      <TextField label="Confirmação da senha" type="password" value={csenha} onValueChange={setCsenha} maxLength={200} autoComplete="new-password" disabled={proprio} />
      <label className={formGrid.alternar}>
        <input type="checkbox" checked={ativado} onChange={() => setAtivado(!ativado)} />
        Ativado
      </label>
    </div>
  );

  return (
    <div className={formGrid.corpo}>
      <Tabs
        label="Dados do usuário"
        items={[
          { value: 'principal', label: 'Dados Principais', content: principais },
          { value: 'perfis', label: 'Perfis', content: <UsuarioPerfisTab perfis={perfis} onChange={setPerfis} somenteLeitura={proprio && !admin} /> },
        ]}
      />
      <DialogButtons onConfirm={podeSalvar ? salvar : undefined} disabled={salvarUsuario.isPending} />
    </div>
  );
}
