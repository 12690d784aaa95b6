import { css } from '../../../../styled-system/css';
import { ROTULO_STATUS_FATURA, type DocumentoFatura, type FaturaCompleta } from '../../../contracts/faturas';
import { formatarCnpjCpf } from '../../../domain/cte/formatar-cte';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import type { CampoLeitura } from '../../ui/label-value-list';
import { ConferenciaCard } from './conferencia-card';
import { FaturaCard } from './fatura-card';

const estilos = {
  corpo: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: '3' }),
  largo: css({ gridColumn: '1 / -1' }),
  avisos: css({ listStyle: 'disc', pl: '5', fontSize: 'sm', color: 'amber.900' }),
  nota: css({ fontSize: 'sm', color: 'gray.600' }),
};

const ACAO_DOCUMENTO: Record<DocumentoFatura['acaoDocumento'], string> = { I: 'I (inclusão)', E: 'E (exclusão)' };

/** Spec 03 §2.4 "first document": every field, in the spec's order. */
const camposDocumento = (d: DocumentoFatura): CampoLeitura[] => [
  ['Filial', d.filial],
  ['Tipo', d.tipoDocumento],
  ['Série', d.serieDocumento],
  ['Número', d.numero],
  ['Tipo de cobrança', d.tipoCobranca],
  ['Ação do documento', ACAO_DOCUMENTO[d.acaoDocumento] ?? d.acaoDocumento],
  ['Emissão', formatDateBr(d.dataEmissao)],
  ['Vencimento', formatDateBr(d.dataVencimento)],
  ['Data limite para desconto', formatDateBr(d.dataLimitePagamentoDesconto)],
  ['Valor da fatura', formatBrl(d.valorDocumento)],
  ['Valor do ICMS', formatBrl(d.valorTotalIcms)],
  ['Juros por dia de atraso', formatBrl(d.valorJurosDiaAtraso)],
  ['Desconto/acréscimo', formatBrl(d.valorDescontoAcrescimo)],
  ['Agente de cobrança', d.identificacaoAgenteCobranca],
  ['Agência', d.numeroAgenciaBancaria],
  ['Dígito da agência', d.digitoVerificadorAgenciaBancaria],
  ['Conta corrente', d.contaCorrente],
  ['Dígito da conta', d.digitoVerificadorContaCorrente],
];

/** The modal's first tab (spec 03 §2.4 "Dados Principais"): read-only cards, the reader's warnings and the check. */
export function FaturaMainTab({ fatura: f }: { fatura: FaturaCompleta }) {
  const intercambio = f.faturaCabecalhoIntercambio;
  const total = f.faturaTotalFatura;
  const primeiro = f.documentos[0];
  return (
    <div className={estilos.corpo}>
      <FaturaCard
        titulo="Arquivo"
        campos={[
          ['Nome do arquivo', f.nomeArquivo],
          ['Layout', `DOCCOB ${f.layout}`],
          ['Status', ROTULO_STATUS_FATURA[f.status]],
          ['Lida em', formatDateBr(f.lidaEm)],
          ...(f.canceladaEm ? ([['Cancelada em', formatDateBr(f.canceladaEm)]] as CampoLeitura[]) : []),
        ]}
      />
      <FaturaCard titulo="Cabeçalho do documento" campos={[['Registro', f.faturaCabecalhoDocumento.registro], ['Documento', f.faturaCabecalhoDocumento.documento]]} />
      <FaturaCard
        titulo="Cabeçalho de intercâmbio"
        campos={[
          ['Registro', intercambio.registro],
          ['Intercâmbio', intercambio.intercambio],
          ['Data', formatDateBr(intercambio.data)],
          ['Remetente', intercambio.remetente],
          ['Destinatário', intercambio.destinatario],
        ]}
      />
      <FaturaCard
        titulo="Transportadora"
        campos={[['Registro', f.faturaTransportadora.registro], ['CNPJ', formatarCnpjCpf(f.faturaTransportadora.cnpj)], ['Razão social', f.faturaTransportadora.razaoSocial]]}
      />
      {total ? (
        <FaturaCard titulo="Total da fatura" campos={[['Registro', total.registro], ['Quantidade', formatNumberBr(total.quantidade)], ['Valor total', formatBrl(total.valorTotal)]]} />
      ) : (
        <FaturaCard titulo="Total da fatura">
          <p className={estilos.nota}>não informado no arquivo</p>
        </FaturaCard>
      )}
      <ConferenciaCard conferencia={f.conferencia} />
      {primeiro && (
        <div className={estilos.largo}>
          <FaturaCard titulo="Primeiro documento" campos={camposDocumento(primeiro)} />
        </div>
      )}
      {f.avisos.length > 0 && (
        <div className={estilos.largo}>
          <FaturaCard titulo="Avisos da leitura">
            <ul className={estilos.avisos}>
              {f.avisos.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </FaturaCard>
        </div>
      )}
    </div>
  );
}
