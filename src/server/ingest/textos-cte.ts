import type { CteLido } from '../../contracts/cte-documento';
import { repararCodificacaoDupla } from '../../domain/cte/codificacao-dupla';
import { nomeMunicipioIbge } from './municipios-ibge';

// Issue 31: every text of a read CT-e (names, addresses, municipalities, observations, components, cargo...) repaired
// when it is unambiguously double-encoded UTF-8 (src/domain/cte/codificacao-dupla.ts). A municipality whose IBGE code the
// register knows takes the register's name instead. Each repair is told once, with every place it was made. Pure.

export const avisoCodificacaoDupla = (de: string, para: string, onde: string[]) =>
  `Texto com codificação dupla corrigido: "${de.slice(0, 80)}" → "${para.slice(0, 80)}" (${onde.join('; ')}).`;

/** How each field is named in the warning ('' : not named, its children are). */
const ROTULOS: Record<string, string> = {
  identificacao: '',
  endereco: '',
  prestacao: '',
  carga: '',
  emitente: 'emitente',
  remetente: 'remetente',
  destinatario: 'destinatário',
  expedidor: 'expedidor',
  recebedor: 'recebedor',
  tomador: 'tomador',
  nome: 'nome',
  nomeFantasia: 'nome fantasia',
  logradouro: 'logradouro',
  numero: 'número',
  complemento: 'complemento',
  bairro: 'bairro',
  municipio: 'município',
  pais: 'país',
  nomeMunicipioOrigem: 'município de origem',
  nomeMunicipioDestino: 'município de destino',
  naturezaOperacao: 'natureza da operação',
  componentes: 'componente do frete',
  produtoPredominante: 'produto predominante',
  itens: 'carga',
  tipoMedida: 'tipo de medida',
  observacao: 'observação',
  observacaoFisco: 'observação ao fisco',
  protocolo: 'protocolo',
  motivo: 'motivo',
};

/** The IBGE code beside a municipality's name, by the name's field. */
const CODIGO_DO_MUNICIPIO: Record<string, string> = {
  municipio: 'codigoMunicipio',
  nomeMunicipioOrigem: 'codigoMunicipioOrigem',
  nomeMunicipioDestino: 'codigoMunicipioDestino',
};

type Reparos = Map<string, { para: string; onde: string[] }>;

function anotar(reparos: Reparos, de: string, para: string, caminho: string[]) {
  const onde = caminho.map((c) => ROTULOS[c] ?? c).filter(Boolean).join(', ');
  const r = reparos.get(de) ?? { para, onde: [] };
  if (!r.onde.includes(onde)) r.onde.push(onde);
  reparos.set(de, r);
}

function reparar(valor: unknown, caminho: string[], reparos: Reparos, codigoMunicipio?: unknown): unknown {
  if (typeof valor === 'string') {
    const reparado = repararCodificacaoDupla(valor);
    if (reparado === null) return valor;
    const para = (typeof codigoMunicipio === 'number' ? nomeMunicipioIbge(codigoMunicipio) : null) ?? reparado;
    anotar(reparos, valor, para, caminho);
    return para;
  }
  if (Array.isArray(valor)) return valor.map((v) => reparar(v, caminho, reparos));
  if (valor && typeof valor === 'object') {
    const objeto = valor as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(objeto).map(([campo, v]) => [campo, reparar(v, [...caminho, campo], reparos, CODIGO_DO_MUNICIPIO[campo] ? objeto[CODIGO_DO_MUNICIPIO[campo]] : undefined)]),
    );
  }
  return valor;
}

const PARTES = ['emitente', 'remetente', 'destinatario', 'expedidor', 'recebedor'] as const;

/** The document with its double-encoded texts repaired and one warning per text repaired (in `avisos`). */
export function repararTextosCte(lido: CteLido): CteLido {
  const reparos: Reparos = new Map();
  const { tomador, avisos, ...resto } = lido;
  // The payer is one of the parties (toma3) or its own (toma4): repaired once, told once.
  const parteDoTomador = PARTES.find((p) => lido[p] !== null && lido[p] === tomador);
  const reparado = reparar(resto, [], reparos) as Omit<CteLido, 'tomador' | 'avisos'>;
  const novoTomador = parteDoTomador ? reparado[parteDoTomador] : (reparar(tomador, ['tomador'], reparos) as CteLido['tomador']);
  if (!reparos.size) return lido;
  const novos = [...reparos].map(([de, r]) => avisoCodificacaoDupla(de, r.para, r.onde));
  return { ...reparado, tomador: novoTomador, avisos: [...(avisos ?? []), ...novos] };
}
