import type { CteCompleto } from '../../../contracts/ctes';
import type { ParteCte } from '../../../contracts/cte-documento';
import { formatarCep, formatarCnpjCpf, formatarTelefone } from '../../../domain/cte/formatar-cte';
import { ReadOnlyFields, type Campo } from './read-only-fields';
import { ROTULO_TOMADOR } from './status-labels';

const endereco = (p: ParteCte | null) => {
  const e = p?.endereco;
  if (!e) return null;
  return [e.logradouro, e.numero, e.complemento, e.bairro].filter(Boolean).join(', ');
};
const municipio = (p: ParteCte | null) => {
  const e = p?.endereco;
  if (!e?.municipio) return null;
  return e.uf ? `${e.municipio}/${e.uf}` : e.municipio;
};
const parte = (p: ParteCte | null): Campo[] => [
  ['Nome', p?.nome],
  ['CNPJ/CPF', formatarCnpjCpf(p?.cnpj, p?.cpf)],
  ['Inscrição estadual', p?.inscricaoEstadual],
  ['Telefone', formatarTelefone(p?.telefone)],
  ['Endereço', endereco(p)],
  ['CEP', formatarCep(p?.endereco?.cep)],
  ['Município', municipio(p)],
  ['País', p?.endereco?.pais],
];

/** Tab "Tomador/Transportadora" (spec 03 §2.2, §3 tomador and transportadora). */
export function CteTomadorTab({ cte }: { cte: CteCompleto }) {
  const d = cte.documento;
  const tomador = ROTULO_TOMADOR[d.identificacao.tomador] ?? d.identificacao.tomador;
  return (
    <div>
      <ReadOnlyFields titulo={`Tomador do serviço (${tomador})`} campos={parte(d.tomador)} />
      <ReadOnlyFields
        titulo="Transportadora"
        campos={[
          ['Transportadora cadastrada', cte.transportadora?.nome ?? 'Não cadastrada'],
          ['Nome fantasia', d.emitente.nomeFantasia],
          // The ANTT registration the road CT-e carries (infModal/rodo).
          ['RNTRC', d.rntrc],
          ...parte(d.emitente),
        ]}
      />
    </div>
  );
}
