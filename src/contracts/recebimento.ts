import { z } from 'zod';

// Issue 30: documents that arrive by themselves. /recebimento shows, per company and source, the last run, what came
// in and what was refused; Configuração › Recebimento sets the mailbox and the SEFAZ distribution (admin).

/** Where documents come from: the folders (CT-e XML, DOCCOB, CONEMB), the browser upload, the mailbox, SEFAZ. */
export const FONTES_RECEBIMENTO = ['PASTA', 'ENVIO', 'CAIXA_POSTAL', 'SEFAZ'] as const;
export type FonteRecebimento = (typeof FONTES_RECEBIMENTO)[number];
export const ROTULO_FONTE: Record<FonteRecebimento, string> = {
  PASTA: 'Pastas',
  ENVIO: 'Envio pelo navegador',
  CAIXA_POSTAL: 'Caixa postal',
  SEFAZ: 'SEFAZ (distribuição de CT-e)',
};
/** The sources a job runs by itself on an interval ("Ler agora" works for PASTA too). */
export const FONTES_AGENDADAS = ['PASTA', 'CAIXA_POSTAL', 'SEFAZ'] as const satisfies readonly FonteRecebimento[];
export type FonteAgendada = (typeof FONTES_AGENDADAS)[number];

/** What a document is, told by its content (never by its name). */
export const TIPOS_DOCUMENTO = ['CTE', 'EVENTO_CTE', 'DOCCOB', 'CONEMB', 'OCOREN', 'DESCONHECIDO'] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];
export const ROTULO_TIPO_DOCUMENTO: Record<TipoDocumento, string> = {
  CTE: 'CT-e',
  EVENTO_CTE: 'Evento de CT-e',
  DOCCOB: 'DOCCOB (fatura)',
  CONEMB: 'CONEMB (minutas)',
  OCOREN: 'OCOREN (ocorrências)',
  DESCONHECIDO: 'Desconhecido',
};

/** What became of one document. */
export const RESULTADOS_DOCUMENTO = ['NOVO', 'REPETIDO', 'CANCELOU', 'RECUSADO', 'IGNORADO'] as const;
export type ResultadoDocumento = (typeof RESULTADOS_DOCUMENTO)[number];
export const ROTULO_RESULTADO: Record<ResultadoDocumento, string> = {
  NOVO: 'Gravado',
  REPETIDO: 'Já recebido',
  CANCELOU: 'Cancelamento aplicado',
  RECUSADO: 'Recusado',
  IGNORADO: 'Ignorado',
};

export const SITUACOES_EXECUCAO = ['EM_ANDAMENTO', 'SUCESSO', 'PARCIAL', 'FALHA'] as const;
export type SituacaoExecucao = (typeof SITUACOES_EXECUCAO)[number];
export const ROTULO_SITUACAO_EXECUCAO: Record<SituacaoExecucao, string> = {
  EM_ANDAMENTO: 'Em andamento',
  SUCESSO: 'Sucesso',
  PARCIAL: 'Sucesso parcial',
  FALHA: 'Falha',
};

/** What a run brought in. */
export interface ContagemRecebimento {
  ctes: number;
  cancelamentos: number;
  faturas: number;
  minutas: number;
  ocorrencias: number;
  repetidos: number;
  recusados: number;
  ignorados: number;
}
export const contagemVazia = (): ContagemRecebimento => ({ ctes: 0, cancelamentos: 0, faturas: 0, minutas: 0, ocorrencias: 0, repetidos: 0, recusados: 0, ignorados: 0 });

export interface ExecucaoRecebimento {
  id: number;
  fonte: FonteRecebimento;
  /** ISO instants. */
  inicio: string;
  fim: string | null;
  situacao: SituacaoExecucao;
  contagem: ContagemRecebimento;
  /** The run's own messages (a failure's reason, SEFAZ's answer, "2 mensagens lidas"...). */
  mensagens: string[];
  /** While it runs: documents done and, when known, how many in all. */
  progresso: { feitos: number; total: number | null } | null;
  /** Who asked for it ("Ler agora", an upload); null for a scheduled run. */
  usuario: string | null;
}

/** One document of a run, as the intake log shows it. */
export interface ItemRecebimento {
  id: number;
  execucaoId: number;
  /** Where it came from: the message ("De: … — Assunto: …"), the file name, SEFAZ's NSU. */
  origem: string;
  /** The attachment's or file's name (inside a .zip: "lote.zip/ct-e.xml"). */
  arquivo: string;
  tipo: TipoDocumento;
  resultado: ResultadoDocumento;
  /** Why it was refused or ignored, or a warning of its reader. */
  motivo: string | null;
  /** What it became: the CT-e key, the fatura number... */
  referencia: string | null;
  /** The CT-e it is or refers to (a CT-e or an event of one), when stored: its detail opens from the log. */
  cteId: number | null;
}

/** Per source: what the intake screen shows on its card. */
export interface SituacaoFonte {
  fonte: FonteRecebimento;
  /** Set up (mailbox or SEFAZ configured, the folders known); the upload always is. */
  configurada: boolean;
  /** Runs by itself on its interval. */
  ativa: boolean;
  ultima: ExecucaoRecebimento | null;
  /** ISO instant of the next scheduled run; null when it does not run by itself. */
  proxima: string | null;
  /** Consecutive failed runs; 3 or more shows a warning in the shell. */
  falhasSeguidas: number;
  /** SEFAZ 656 / 137: no call before this instant. */
  bloqueadaAte: string | null;
  /** What a person must know now, in pt-BR: the warning after three failures, the last failure's reason, SEFAZ's block; null when all is well. */
  aviso: string | null;
}

export interface PainelRecebimento {
  fontes: SituacaoFonte[];
}

export const FALHAS_PARA_AVISO = 3;
export const mensagemFonteFalhando = (fonte: FonteRecebimento, falhas: number) =>
  `${ROTULO_FONTE[fonte]}: as últimas ${falhas} leituras falharam. Veja o motivo em Recebimento.`;

export const TAMANHO_PAGINA_EXECUCOES = 50;
export const TAMANHO_PAGINA_ITENS = 100;
export const execucoesQuerySchema = z.object({
  fonte: z.enum(FONTES_RECEBIMENTO).optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(TAMANHO_PAGINA_EXECUCOES),
});
export const itensQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(500).default(TAMANHO_PAGINA_ITENS),
  /** Only the refused and ignored ones. */
  problemas: z.enum(['true', 'false']).optional(),
});
export const fonteParamSchema = z.object({ fonte: z.enum(FONTES_AGENDADAS, { error: 'Fonte de recebimento desconhecida.' }) });

export const MSG_RECEBIMENTO_EM_ANDAMENTO = 'Esta fonte já está sendo lida nesta empresa: aguarde o fim da leitura.';
export const MSG_FONTE_NAO_CONFIGURADA = 'Esta fonte não está configurada: configure-a em Configuração › Recebimento.';
export const MSG_EXECUCAO_NAO_ENCONTRADA = 'Leitura não encontrada.';
export const MSG_CHAVE_SEGREDOS_AUSENTE =
  'O servidor não tem a chave para guardar senhas e certificados: defina CHAVE_SEGREDOS no ambiente (veja o README).';
export const MSG_ANEXO_DESCONHECIDO = 'Ignorado: não é um CT-e, evento de CT-e, DOCCOB, CONEMB nem OCOREN.';
export const MSG_MENSAGEM_SEM_ANEXO = 'Mensagem sem anexos: nada a ler.';
export const mensagemZipIlegivel = (motivo: string) => `O arquivo .zip não pôde ser aberto: ${motivo}`;

// --- Mailbox (IMAP) ---------------------------------------------------------------------------------------

export const PASTA_PROCESSADOS = 'Processados';
export const PASTA_COM_ERRO = 'Com erro';
export const INTERVALO_PADRAO_MINUTOS = 5;

const texto = (rotulo: string, max: number) =>
  z.string({ error: `Informe ${rotulo}.` }).trim().min(1, `Informe ${rotulo}.`).max(max, `${rotulo[0].toUpperCase()}${rotulo.slice(1)} tem no máximo ${max} caracteres.`);

export const caixaPostalSalvarSchema = z.object({
  ativa: z.boolean(),
  host: texto('o servidor', 200),
  porta: z.coerce.number({ error: 'Informe a porta.' }).int('A porta é um número inteiro.').min(1, 'A porta vai de 1 a 65535.').max(65535, 'A porta vai de 1 a 65535.'),
  tls: z.boolean(),
  usuario: texto('o usuário', 200),
  /** Empty or absent: keeps the stored password. */
  senha: z.string().max(200, 'A senha tem no máximo 200 caracteres.').optional(),
  pasta: texto('a pasta', 200),
  intervaloMinutos: z.coerce.number({ error: 'Informe o intervalo.' }).int('O intervalo é um número inteiro de minutos.').min(1, 'O intervalo vai de 1 a 1440 minutos.').max(1440, 'O intervalo vai de 1 a 1440 minutos.'),
  versao: z.number().int().min(0),
});
export type CaixaPostalSalvar = z.infer<typeof caixaPostalSalvarSchema>;

export interface CaixaPostalConfig {
  ativa: boolean;
  host: string;
  porta: number;
  tls: boolean;
  usuario: string;
  pasta: string;
  intervaloMinutos: number;
  /** The password is stored (never returned). */
  senhaDefinida: boolean;
  /** AMBIENTE: IMAP_URL_<EMPRESA> is set and wins over this form (the form is shown, read only). */
  origem: 'CONFIGURACAO' | 'AMBIENTE' | 'NENHUMA';
  versao: number;
}

// --- SEFAZ distribution (CTeDistribuicaoDFe) ------------------------------------------------------------

export const AMBIENTES_SEFAZ = ['PRODUCAO', 'HOMOLOGACAO'] as const;
export type AmbienteSefaz = (typeof AMBIENTES_SEFAZ)[number];
export const ROTULO_AMBIENTE_SEFAZ: Record<AmbienteSefaz, string> = { PRODUCAO: 'Produção', HOMOLOGACAO: 'Homologação' };

export const sefazSalvarSchema = z.object({
  ativa: z.boolean(),
  cnpj: z.string({ error: 'Informe o CNPJ.' }).trim().transform((v) => v.replace(/\D/g, '')).pipe(z.string().regex(/^\d{14}$/, 'O CNPJ tem 14 dígitos.')),
  /** The UF of the company (its IBGE code goes in cUFAutor). */
  uf: z.string({ error: 'Informe a UF.' }).trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Informe a UF com duas letras.'),
  ambiente: z.enum(AMBIENTES_SEFAZ, { error: 'Ambiente: Produção ou Homologação.' }),
  versao: z.number().int().min(0),
});
export type SefazSalvar = z.infer<typeof sefazSalvarSchema>;

export interface SefazConfig {
  ativa: boolean;
  cnpj: string;
  uf: string;
  ambiente: AmbienteSefaz;
  /** The A1 certificate stored (never the file or its password). */
  certificado: { titular: string; validoAte: string } | null;
  ultNSU: string;
  maxNSU: string;
  proximaConsulta: string | null;
  bloqueadaAte: string | null;
  versao: number;
}

export const TAMANHO_MAXIMO_PFX = 64 * 1024;
export const MSG_PFX_AUSENTE = 'Envie o certificado A1 (arquivo .pfx ou .p12) no campo "arquivo".';
export const MSG_PFX_ILEGIVEL = 'O certificado não pôde ser aberto: confira o arquivo e a senha.';
export const MSG_PFX_GRANDE_DEMAIS = 'O certificado tem mais de 64 KB: não é um arquivo A1.';
export const MSG_PFX_VENCIDO = 'O certificado está vencido.';

// --- The intake upload (POST /recebimento/enviar) --------------------------------------------------------

export const ARQUIVOS_POR_ENVIO_RECEBIMENTO = 50;
export const MSG_RECEBIMENTO_SEM_ARQUIVO = 'Escolha ao menos um arquivo para enviar (CT-e, evento de CT-e, DOCCOB, CONEMB ou .zip).';
export const MSG_RECEBIMENTO_ARQUIVOS_DEMAIS = `Envie no máximo ${ARQUIVOS_POR_ENVIO_RECEBIMENTO} arquivos de uma vez (ou junte-os num .zip).`;
export const MSG_RECEBIMENTO_NAO_MULTIPART = 'Envie os arquivos como formulário (multipart/form-data), no campo "arquivos".';
export const MSG_FORMULARIO_ILEGIVEL = 'Não foi possível ler o formulário enviado: ele chegou incompleto ou malformado.';
export const MSG_SENHA_PFX_AUSENTE = 'Informe a senha do certificado.';
