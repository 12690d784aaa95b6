import type { Empresa } from '../../contracts/common';
import type { Db } from '../db/database';
import type { DadosRomaneioOs, ItemRomaneioOsDocumento } from '../documentos/romaneio-dados';
import { romaneioOsPdf } from '../documentos/romaneio-os-pdf';
import { lerRomaneioOsBruto, type CabecalhoOs, type ItemOsBanco } from './ler-romaneio-os';

// POST /romaneios-colacril/imprimir/{id} (spec 03 §7): the manifest as stored (the two queries of
// ler-romaneio-os.ts), in the shape of the PDF (documentos/romaneio-dados.ts), printed by romaneio-os-pdf.ts.

const municipio = (m: CabecalhoOs['origem']) => (m?.nome ? `${m.nome}/${m.siglaUf}` : '');

const paraItem = ({ i, cliente, redespacho }: ItemOsBanco): ItemRomaneioOsDocumento => ({
  item: i.item,
  pedidoId: i.pedidoId,
  notaFiscalId: i.notaFiscalId,
  cliente: cliente?.razaoSocial ?? '',
  clienteRetira: i.clienteRetira,
  redespacho: redespacho?.razaoSocial ?? null,
  quantidadeM2: i.quantidadeM2 ?? '0',
  pesoLiquido: i.pesoLiquido ?? '0',
  pesoBruto: i.pesoBruto ?? '0',
  volumes: i.volumes ?? 0,
  frete: i.frete ?? '0',
  unidade: i.unidade,
  valorNotaFiscal: i.valorNotaFiscal ?? '0',
  status: i.status,
  ordensServico: i.ordensServico,
  observacao: i.observacao,
});

export function dadosDocumentoOs(empresa: Empresa, cabecalho: CabecalhoOs, itens: ItemOsBanco[]): DadosRomaneioOs {
  const { r, transportadora: t, motorista: m, tipoVeiculo: tv } = cabecalho;
  return {
    empresa,
    numero: r.numero,
    status: r.status,
    dataEmissao: r.dataEmissao,
    transportadora: { razaoSocial: t?.razaoSocial ?? '', cnpj: t?.cnpj ?? '' },
    motorista: { nome: m?.nome ?? '', cpf: m?.cpf ?? '', cnh: m?.cnh ?? '', rntnc: m?.rntnc ?? null },
    lacre: r.lacre,
    tipoVeiculo: tv?.descricao ?? '',
    origem: municipio(cabecalho.origem),
    destino: municipio(cabecalho.destino),
    placaCarreta: r.placaCarreta,
    placaCavalo: r.placaCavalo,
    observacao: r.observacao,
    itens: itens.map(paraItem),
  };
}

/** The PDF and its número (for the file name); 404 when the manifest does not exist. */
export async function imprimirRomaneioOs(db: Db, empresa: Empresa, id: number): Promise<{ pdf: Buffer; numero: number }> {
  const { cabecalho, itens } = await lerRomaneioOsBruto(db, id);
  return { pdf: await romaneioOsPdf(dadosDocumentoOs(empresa, cabecalho, itens)), numero: cabecalho.r.numero };
}
