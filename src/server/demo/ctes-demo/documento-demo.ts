import type { Empresa } from '../../../contracts/common';
import type { CteLido, ParteCte } from '../../../contracts/cte-documento';
import type { Aleatorio } from './aleatorio';
import { aliquotaIcms } from './aliquota-icms';
import { chaveAcesso } from './chave-acesso';
import { EMPRESAS_DEMO } from './constantes-demo';
import { dataHoraLocal } from './datas-demo';
import { parteCliente, parteEmpresa, parteTransportadora } from './partes-cte';
import { icmsDemo, prestacaoDemo, valorCobradoDemo } from './prestacao-demo';
import { rota, type Municipio, type Plano } from './tipos-demo';

/**
 * The CT-e as the reader returns it (so the stored documento equals what its XML reads back). Draws, in
 * this order: the value charged (when not audited), the authorisation's time, the cancellation's time.
 */
function documentoDemo(empresa: Empresa, p: Plano, plantas: Municipio[], numero: number, r: Aleatorio, agora: number): CteLido {
  const demo = EMPRESAS_DEMO[empresa];
  const t = p.transportadora;
  const { origem, destino } = rota(p, plantas);
  const dataEmissao = dataHoraLocal(p.ms);
  const chave = chaveAcesso(t.cUf, dataEmissao, t.cnpj, '57', 1, numero, 10_000_000 + ((numero * 48_271 + t.id) % 89_999_999));
  const partes = partesDemo(empresa, p, plantas);
  const aliquota = aliquotaIcms(origem.siglaUf, destino.siglaUf);
  const valorTotal = valorCobradoDemo(p, r);
  const prestacao = prestacaoDemo(p, valorTotal);
  const volumes = p.notas.length * (1 + Math.floor(Number(p.pesoBruto) / 25));
  const protocolo = protocoloDemo(p, t.cUf, dataEmissao, numero, r, agora);
  return {
    chave,
    versaoLayout: '4.00',
    ambiente: 'PRODUCAO',
    identificacao: {
      numeroCte: numero,
      modelo: '57',
      serie: '1',
      cfop: `${origem.siglaUf === destino.siglaUf ? '5' : '6'}352`,
      dataEmissao,
      tipoCte: 0,
      tipoServico: 0,
      tomador: p.tomador,
      codigoMunicipioOrigem: origem.codigo,
      nomeMunicipioOrigem: origem.nome,
      ufOrigem: origem.siglaUf,
      codigoMunicipioDestino: destino.codigo,
      nomeMunicipioDestino: destino.nome,
      ufDestino: destino.siglaUf,
    },
    emitente: parteTransportadora(t),
    ...partes,
    carga: {
      valorTotal: p.valorNotas,
      produtoPredominante: demo.produtos[numero % demo.produtos.length],
      itens: [
        { unidade: '01', tipoMedida: 'PESO BRUTO', quantidade: p.pesoBruto },
        { unidade: '03', tipoMedida: 'VOLUMES', quantidade: String(volumes) },
      ],
    },
    prestacao,
    icms: icmsDemo(valorTotal, aliquota),
    notas: p.notas.map((n) => ({ chave: n.chave })),
    protocolo,
    cancelado: p.canceladoNaLeitura,
  };
}

/** Sender and recipient (the plant and the customer, by direction), and the third party when the payer is one. */
function partesDemo(empresa: Empresa, p: Plano, plantas: Municipio[]): Record<'remetente' | 'destinatario' | 'expedidor' | 'recebedor' | 'tomador', ParteCte | null> {
  const empresaParte = parteEmpresa(empresa, EMPRESAS_DEMO[empresa].plantas[p.planta], plantas[p.planta]);
  const clienteParte = parteCliente(p.cliente);
  const remetente = p.tipo === 'SAIDA' ? empresaParte : clienteParte;
  const destinatario = p.tipo === 'SAIDA' ? clienteParte : empresaParte;
  const terceiro = p.terceiro ? parteCliente(p.terceiro) : null;
  const expedidor = p.tomador === 'EXPEDIDOR' ? terceiro : null;
  const recebedor = p.tomador === 'RECEBEDOR' ? terceiro : null;
  const tomador = { REMETENTE: remetente, DESTINATARIO: destinatario, EXPEDIDOR: expedidor, RECEBEDOR: recebedor, OUTROS: terceiro }[p.tomador];
  return { remetente, destinatario, expedidor, recebedor, tomador };
}

/** Authorised, or cancelled at reading; the authorisation's time is drawn even then (the sequence stays the same). */
function protocoloDemo(p: Plano, cUf: string, dataEmissao: string, numero: number, r: Aleatorio, agora: number): CteLido['protocolo'] {
  const recebidoEm = dataHoraLocal(Math.min(p.ms + (30 + r.inteiro(900)) * 1000, agora));
  const numeroProtocolo = `1${cUf}${dataEmissao.slice(2, 4)}${String(numero).padStart(10, '0')}`;
  return p.canceladoNaLeitura
    ? { numero: numeroProtocolo, status: 101, motivo: 'Cancelamento de CT-e homologado', recebidoEm: dataHoraLocal(Math.min(p.ms + (3 + r.inteiro(20)) * 3_600_000, agora)) }
    : { numero: numeroProtocolo, status: 100, motivo: 'Autorizado o uso do CT-e', recebidoEm };
}

/** One document per plan, numbered on per carrier from a number derived from its id. */
export function documentosDemo(empresa: Empresa, planos: Plano[], plantas: Municipio[], r: Aleatorio, agora: number): CteLido[] {
  const numeroCte = new Map<number, number>();
  return planos.map((p) => {
    const t = p.transportadora;
    const numero = (numeroCte.get(t.id) ?? 1000 + (t.id * 7717) % 60_000) + 1;
    numeroCte.set(t.id, numero);
    return documentoDemo(empresa, p, plantas, numero, r, agora);
  });
}
