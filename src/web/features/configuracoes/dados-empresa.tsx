import { css } from '../../../../styled-system/css';
import { ENDERECO_EMPRESA_MAXIMO, MSG_CNPJ_EMPRESA_INVALIDO, RAZAO_SOCIAL_MAXIMO, type Configuracao } from '../../../contracts/configuracoes';
import { CnpjInput, mascararCnpj } from '../../ui/cnpj-input';
import { TextField } from '../../ui/text-field';

/** The company's legal data as edited: the CNPJ masked as shown. */
export interface DadosEmpresaEmEdicao {
  razaoSocial: string;
  cnpj: string;
  endereco: string;
}

const estilos = {
  grupo: css({ gridColumn: '1 / -1', display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' }),
  legenda: css({ fontSize: 'sm', fontWeight: 'semibold', color: 'gray.800', mb: '1', gridColumn: '1 / -1' }),
  largo: css({ gridColumn: '1 / -1' }),
};

export const dadosEmpresaIniciais = (c: Configuracao): DadosEmpresaEmEdicao => ({
  razaoSocial: c.razaoSocial ?? '',
  cnpj: mascararCnpj(c.cnpj ?? ''),
  endereco: c.endereco ?? '',
});

/**
 * The company data the person changed, for POST /configuracoes: one not changed is left out, and the server
 * keeps it as stored (an empty one clears it).
 */
export function dadosEmpresaAlterados(inicial: DadosEmpresaEmEdicao, atual: DadosEmpresaEmEdicao): Partial<DadosEmpresaEmEdicao> {
  const campos = ['razaoSocial', 'cnpj', 'endereco'] as const;
  return Object.fromEntries(campos.filter((k) => atual[k] !== inicial[k]).map((k) => [k, atual[k]]));
}

/** "Dados da empresa": legal name, CNPJ and address the transport contract names the company by (CONTRATANTE). */
export function DadosEmpresa({ dados, onChange, disabled }: { dados: DadosEmpresaEmEdicao; onChange: (d: DadosEmpresaEmEdicao) => void; disabled: boolean }) {
  const set = (mudanca: Partial<DadosEmpresaEmEdicao>) => onChange({ ...dados, ...mudanca });
  return (
    <fieldset className={estilos.grupo}>
      <legend className={estilos.legenda}>Dados da empresa</legend>
      <TextField label="Razão social" value={dados.razaoSocial} onValueChange={(razaoSocial) => set({ razaoSocial })} maxLength={RAZAO_SOCIAL_MAXIMO} readOnly={disabled} />
      <CnpjInput label="CNPJ" value={dados.cnpj} onValueChange={(cnpj) => set({ cnpj })} mensagemInvalido={MSG_CNPJ_EMPRESA_INVALIDO} disabled={disabled} />
      <div className={estilos.largo}>
        <TextField label="Endereço" value={dados.endereco} onValueChange={(endereco) => set({ endereco })} maxLength={ENDERECO_EMPRESA_MAXIMO} readOnly={disabled} />
      </div>
    </fieldset>
  );
}
