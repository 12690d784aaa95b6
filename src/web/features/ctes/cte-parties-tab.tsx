import type { CteCompleto } from '../../../contracts/ctes';
import type { ParteCte } from '../../../contracts/cte-documento';
import { ReadOnlyFields, type Campo } from './read-only-fields';

const documento = (p: ParteCte | null) => p?.cnpj ?? p?.cpf ?? null;
const endereco = (p: ParteCte | null) => {
  const e = p?.endereco;
  if (!e) return null;
  return [e.logradouro, e.numero, e.complemento, e.bairro].filter(Boolean).join(', ');
};
const parte = (p: ParteCte | null): Campo[] => [
  ['Nome', p?.nome],
  ['CNPJ/CPF', documento(p)],
  ['Inscrição estadual', p?.inscricaoEstadual],
  ['Telefone', p?.telefone],
  ['Endereço', endereco(p)],
  ['CEP', p?.endereco?.cep],
  ['Município', p?.endereco?.municipio],
  ['UF', p?.endereco?.uf],
  ['País', p?.endereco?.pais],
];

/** Tab "Tomador/Transportadora" (spec 03 §2.2, §3 tomador and transportadora). */
export function CtePartiesTab({ cte }: { cte: CteCompleto }) {
  const d = cte.documento;
  return (
    <div>
      <ReadOnlyFields titulo={`Tomador do serviço (${d.identificacao.tomador})`} campos={parte(d.tomador)} />
      <ReadOnlyFields
        titulo="Transportadora"
        campos={[['Transportadora cadastrada', cte.transportadora?.nome ?? 'Não cadastrada'], ['Nome fantasia', d.emitente.nomeFantasia], ...parte(d.emitente)]}
      />
    </div>
  );
}
