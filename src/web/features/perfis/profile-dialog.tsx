import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { perfilSchema, type Perfil } from '../../../contracts/perfis';
import { useSalvarPerfil } from '../../api/perfis-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { useShowMessages } from '../../ui/use-show-messages';
import { PermissionMatrix } from './permission-matrix';

const estilos = {
  corpo: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  botoes: css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '2' }),
};

export interface ProfileDialogProps {
  open: boolean;
  titulo: string;
  /** A saved profile (edit), one without id (new or clone). */
  perfil: Perfil;
  onClose: () => void;
}

/** Spec 01 §2 profile dialog: description and the permission matrix in tabs Cadastros and Fretes. Ctrl+S saves. */
export function ProfileDialog({ open, titulo, perfil, onClose }: ProfileDialogProps) {
  return (
    <Dialog open={open} title={titulo} onClose={onClose} size="lg">
      <ProfileForm perfil={perfil} onClose={onClose} />
    </Dialog>
  );
}

function ProfileForm({ perfil, onClose }: { perfil: Perfil; onClose: () => void }) {
  const [descricao, setDescricao] = useState(perfil.descricao);
  const [roles, setRoles] = useState<Set<string>>(() => new Set(perfil.roles));
  const mostrarMensagens = useShowMessages();
  const salvarPerfil = useSalvarPerfil();

  // Spec 01 §5: every failed rule at once, verbatim, in the message-list popup; then the server decides.
  const salvar = () => {
    if (salvarPerfil.isPending) return;
    const lido = perfilSchema.safeParse({ ...perfil, descricao: descricao.trim(), roles: [...roles] });
    if (!lido.success) {
      mostrarMensagens([...new Set(lido.error.issues.map((i) => i.message))]);
      return;
    }
    salvarPerfil.mutate(lido.data, { onSuccess: onClose });
  };
  useCommands([{ id: 'perfil.salvar', title: 'Salvar perfil', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);

  return (
    <div className={estilos.corpo}>
      <TextField label="Descrição" value={descricao} onValueChange={setDescricao} maxLength={100} />
      <Tabs
        label="Permissões"
        items={[
          { value: 'cadastros', label: 'Cadastros', content: <PermissionMatrix aba="Cadastros" roles={roles} onChange={setRoles} /> },
          { value: 'fretes', label: 'Fretes', content: <PermissionMatrix aba="Fretes" roles={roles} onChange={setRoles} /> },
        ]}
      />
      <div className={estilos.botoes}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="primary" aria-keyshortcuts="Control+S" disabled={salvarPerfil.isPending} onClick={salvar}>
          Salvar
        </Button>
      </div>
    </div>
  );
}
