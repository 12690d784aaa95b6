import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { css } from '../../../styled-system/css';
import { EMPRESAS, type Empresa } from '../../contracts/empresas';
import type { Credenciais } from '../../../machines/session';
import { gravarEmpresa, lerEmpresa } from '../api/session-storage';
import { Button } from '../ui/button';
import { fieldStyles } from '../ui/field-styles';
import { TextField } from '../ui/text-field';

export const MSG_CAPS_LOCK = 'A tecla Caps Lock está ligada';

const estilos = {
  pagina: css({ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bg: 'gray.100', px: '4' }),
  cartao: css({ bg: 'white', borderRadius: 'lg', boxShadow: 'md', p: '8', width: '100%', maxWidth: '380px', display: 'flex', flexDirection: 'column', gap: '4' }),
  titulo: css({ fontSize: '2xl', fontWeight: 'bold', color: 'blue.900' }),
  aviso: css({ fontSize: 'sm', color: 'amber.800', bg: 'amber.50', borderRadius: 'md', px: '3', py: '2' }),
  erro: css({ fontSize: 'sm', color: 'red.800', bg: 'red.50', borderRadius: 'md', px: '3', py: '2' }),
};

export interface LoginScreenProps {
  erro: string | null;
  entrando: boolean;
  onEntrar: (credenciais: Credenciais) => void;
  /** The user started on the form (a key, a change): what comes after the login may start loading. */
  onInteracao?: () => void;
}

/** The company of the session, kept in the browser as soon as it is chosen. */
function CampoEmpresa({ empresa, onEmpresa }: { empresa: Empresa; onEmpresa: (empresa: Empresa) => void }) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        Empresa
      </label>
      <select
        id={id}
        className={fieldStyles.input}
        value={empresa}
        onChange={(e) => {
          const v = e.target.value as Empresa;
          onEmpresa(v);
          gravarEmpresa(v);
        }}
      >
        {EMPRESAS.map((e) => (
          <option key={e} value={e}>
            {e}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Spec 01 §2 Login: user, password, company (kept in localStorage); Enter submits. */
export function LoginScreen({ erro, entrando, onEntrar, onInteracao }: LoginScreenProps) {
  const [login, setLogin] = useState('');
  const [senha, setSenha] = useState('');
  const [empresa, setEmpresa] = useState<Empresa>(lerEmpresa);
  const [capsLock, setCapsLock] = useState(false);
  const [erroLocal, setErroLocal] = useState<string | null>(null);

  const verificarCapsLock = (e: KeyboardEvent) => {
    onInteracao?.();
    setCapsLock(e.getModifierState('CapsLock'));
  };

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    onInteracao?.();
    // The contract (and zod) is not part of the login screen's JS (docs/decisoes.md §31); the first key typed here has
    // usually fetched it already (onInteracao). Should it not load, the server validates the same contract.
    const contrato = await import('../../contracts/auth').catch(() => null);
    const lido = contrato?.loginRequestSchema.safeParse({ login, senha }) ?? { success: true as const, data: { login, senha } };
    if (!lido.success) {
      setErroLocal(lido.error.issues[0]?.message ?? null);
      return;
    }
    setErroLocal(null);
    onEntrar({ ...lido.data, empresa });
  };

  const mensagem = erroLocal ?? erro;
  return (
    <main className={estilos.pagina}>
      <form className={estilos.cartao} onSubmit={enviar} onKeyDown={verificarCapsLock} onKeyUp={verificarCapsLock} onChange={onInteracao} aria-label="Entrar no Frete Console" noValidate>
        <h1 className={estilos.titulo}>Frete Console</h1>
        <TextField label="Usuário" value={login} onValueChange={setLogin} autoComplete="username" autoFocus />
        <TextField label="Senha" type="password" value={senha} onValueChange={setSenha} autoComplete="current-password" />
        <CampoEmpresa empresa={empresa} onEmpresa={setEmpresa} />
        {capsLock && (
          <p role="status" className={estilos.aviso}>
            {MSG_CAPS_LOCK}
          </p>
        )}
        {mensagem && (
          <p role="alert" className={estilos.erro}>
            {mensagem}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={entrando}>
          {entrando ? 'Entrando…' : 'Entrar'}
        </Button>
      </form>
    </main>
  );
}
