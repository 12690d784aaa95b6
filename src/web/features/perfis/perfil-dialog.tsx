import { useState } from 'react';
import { perfilSchema, type Perfil } from '../../../contracts/perfis';
import { useSalvarPerfil } from '../../api/perfis-api';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { formGrid } from '../../ui/form-grid';
import { Tabs } from '../../ui/tabs';
import { TextField } from '../../ui/text-field';
import { useUnsavedChanges } from '../../ui/use-unsaved-changes';
import { useValidate } from '../../ui/use-validated-save';
import { MatrizPermissoes } from './matriz-permissoes';

export interface PerfilDialogProps {
  open: boolean;
  titulo: string;
  /** A saved profile (edit), one without id (new or clone). */
  perfil: Perfil;
  onClose: () => void;
}

/**
 * Spec 01 §2 profile dialog: description and the permission matrix in tabs Cadastros and Fretes. Ctrl+S
 * saves. A deactivated profile shows it and is reactivated with Ativado (saved with ativado true, as users).
 */
export function PerfilDialog({ open, titulo, perfil, onClose }: PerfilDialogProps) {
  return (
    <Dialog open={open} title={titulo} onClose={onClose} size="lg">
      <ProfileForm perfil={perfil} onClose={onClose} />
    </Dialog>
  );
}

function ProfileForm({ perfil, onClose }: { perfil: Perfil; onClose: () => void }) {
  const [descricao, setDescricao] = useState(perfil.descricao);
  const [roles, setRoles] = useState<Set<string>>(() => new Set(perfil.roles));
  const [ativado, setAtivado] = useState(perfil.ativado);
  const validar = useValidate();
  const salvarPerfil = useSalvarPerfil();
  useUnsavedChanges({ descricao, roles: [...roles].sort(), ativado });

  // Spec 01 §5: every failed rule at once, verbatim, in the message-list popup; then the server decides.
  const salvar = () => {
    if (salvarPerfil.isPending) return;
    const dados = validar(perfilSchema, { ...perfil, descricao: descricao.trim(), roles: [...roles], ativado });
    if (dados) salvarPerfil.mutate(dados, { onSuccess: onClose });
  };
  useCommands([{ id: 'perfil.salvar', title: 'Salvar perfil', group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);

  return (
    <div className={formGrid.corpo}>
      <TextField label="Descrição" value={descricao} onValueChange={setDescricao} maxLength={100} />
      <label className={formGrid.alternar}>
        <input type="checkbox" checked={ativado} onChange={() => setAtivado(!ativado)} />
        Ativado
      </label>
      <Tabs
        label="Permissões"
        items={[
          { value: 'cadastros', label: 'Cadastros', content: <MatrizPermissoes aba="Cadastros" roles={roles} onChange={setRoles} /> },
          { value: 'fretes', label: 'Fretes', content: <MatrizPermissoes aba="Fretes" roles={roles} onChange={setRoles} /> },
        ]}
      />
      <DialogButtons onConfirm={salvar} disabled={salvarPerfil.isPending} />
    </div>
  );
}
