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

// POST /ctes/carregar-xml-tabela of many days is a batch (issue 33): one at a time per company, its progress read
// by GET /ctes/carregar-xml-tabela while it runs.
export const MSG_RELEITURA_EM_ANDAMENTO = 'Já há um carregamento de XML em andamento nesta empresa: aguarde o fim dele.';

/** How far the running re-reading is: CT-es read again (or refused) of the period's CT-es with a stored XML. */
export interface ProgressoReleitura {
  feitos: number;
  total: number;
}

/** GET /ctes/carregar-xml-tabela: the company's running re-reading, or null when none runs (in this server process). */
export interface AndamentoReleitura {
  progresso: ProgressoReleitura | null;
}

/** "Carregando XML… 1.500 de 3.500 CT-es" (the numbers formatted by the caller, the Brazilian way). */
export const textoProgressoReleitura = (feitos: string, total: string) => `Carregando XML… ${feitos} de ${total} CT-e(s).`;
