// CT-e reading (spec 03 §7): what GET /ctes/ler-arquivos and POST /ctes/carregar-xml-tabela answer.

export const MSG_PASTAS_XML_NAO_CONFIGURADAS = 'Informe as pastas de entrada, saída e erro dos XMLs em Configuração antes de ler os arquivos.';
export const MSG_LEITURA_EM_ANDAMENTO = 'Já há uma leitura de XMLs em andamento nesta empresa: aguarde o fim dela.';
export const mensagemPastaInacessivel = (pasta: string) => `A pasta de entrada ${pasta} não existe ou não pode ser lida.`;

export interface ResultadoLeituraXml {
  lidos: number;
  duplicados: number;
  cancelados: number;
  /** Issue 31: CT-e delivery events (comprovante, insucesso and their cancellations) stored as occurrences. */
  eventos?: number;
  erros: { arquivo: string; motivo: string }[];
  /** docs/decisoes.md §12: files read whose cancellation inside did not count (another key, refused by the SEFAZ, no return), said why. */
  avisos?: { arquivo: string; motivo: string }[];
  /** São Paulo issue dates of the first and last CT-e added (null when none was): "Ver os CT-es lidos" lists them. */
  periodo: { dataIni: string; dataFim: string } | null;
  mensagens: string[];
}

export const resumoLeitura = (r: { lidos: number; duplicados: number; cancelados: number; eventos?: number; erros: unknown[] }) =>
  `Leitura concluída: ${r.lidos} CT-e(s) lido(s), ${r.duplicados} já lido(s) antes, ${r.cancelados} cancelamento(s) aplicado(s), ` +
  `${r.eventos ? `${r.eventos} evento(s) de entrega gravado(s), ` : ''}${r.erros.length} arquivo(s) com erro.`;

export const resumoReleitura = (relidos: number, dias: number, erros: number) =>
  `${relidos} CT-e(s) lido(s) nos últimos ${dias} dia(s) tiveram o XML lido de novo${erros ? `; ${erros} não puderam ser relidos` : ''}.`;
