/** Messages of the server's generic answers ({mensagens: [...]}), shared with the web client. */
export const MSG_SESSAO_INVALIDA = 'Sessão expirada ou inválida. Entre novamente.';
export const MSG_SEM_PERMISSAO = 'Você não tem permissão para esta operação.';
export const MSG_USUARIO_DESATIVADO = 'Usuário desativado. Procure o administrador do sistema.';
export const MSG_EMPRESA_DIVERGENTE = 'A sessão pertence a outra empresa. Entre novamente na empresa desejada.';
export const MSG_EMPRESA_AUSENTE = 'Informe a empresa no cabeçalho X-Empresa.';
export const MSG_EMPRESA_DESCONHECIDA = 'Empresa desconhecida.';
export const MSG_JSON_INVALIDO = 'O corpo da requisição não é um JSON válido.';
export const MSG_CORPO_GRANDE = 'O corpo da requisição é grande demais.';
export const MSG_NAO_ENCONTRADO = 'Recurso não encontrado.';
export const MSG_REGISTRO_NAO_ENCONTRADO = 'Registro não encontrado.';
export const MSG_ERRO_INTERNO = 'Erro interno do servidor.';
export const MSG_SESSAO_ENCERRADA = 'Sua sessão foi encerrada (senha, nível ou situação do usuário alterados). Entre novamente.';
// docs/decisoes.md §5: text that reaches the database is checked where the request enters
// (server/http/refuse-control-chars.ts).
export const MSG_CARACTERE_CONTROLE = 'O texto enviado contém caracteres de controle não permitidos.';
export const MSG_TEXTO_MAL_FORMADO = 'O texto enviado contém caracteres inválidos (codificação incompleta).';
export const MSG_ENDERECO_MAL_CODIFICADO = 'O endereço da requisição contém caracteres mal codificados (%).';

/** Enter on a row the profile may not open (issue 28): the record ("a tabela de frete") and the area lacking "Editar". */
export const mensagemSemAbrir = (registro: string, area: string) => `Você não tem permissão para abrir ${registro}: seu perfil não tem "Editar" em ${area}.`;
