import { useRef, useState, type MutableRefObject } from 'react';
import { css } from '../../../../styled-system/css';
import {
  AMBIENTES_SEFAZ,
  caixaPostalSalvarSchema,
  MSG_PFX_AUSENTE,
  MSG_PFX_GRANDE_DEMAIS,
  MSG_SENHA_PFX_AUSENTE,
  ROTULO_AMBIENTE_SEFAZ,
  sefazSalvarSchema,
  TAMANHO_MAXIMO_PFX,
  type AmbienteSefaz,
  type CaixaPostalConfig,
  type SefazConfig,
} from '../../../contracts/recebimento';
import { formatDateBr } from '../../../domain/format-date-br';
import { FUSO_SAO_PAULO } from '../../../domain/sao-paulo-date';
import { noticeBus } from '../../api/notice-bus';
import { lerEmpresa } from '../../api/session-storage';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { CnpjInput, mascararCnpj } from '../../ui/cnpj-input';
import { formGrid } from '../../ui/form-grid';
import { KeyCombo } from '../../ui/key-combo';
import { LabelValueList } from '../../ui/label-value-list';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';
import { WarningNote } from '../../ui/warning-note';
import { useCaixaPostal, useEnviarCertificado, useSalvarCaixaPostal, useSalvarSefaz, useSefaz } from './recebimento-config-api';

export const MSG_CAIXA_POSTAL_SALVA = 'Caixa postal salva.';
export const MSG_SEFAZ_SALVA = 'Distribuição de CT-e da SEFAZ salva.';
export const MSG_NADA_A_SALVAR = 'Nenhuma alteração a salvar.';
export const mensagemCertificadoGuardado = (titular: string, validade: string) => `Certificado de ${titular} guardado, válido até ${validade}.`;
export const TECLA_CERTIFICADO = 'Alt+C';

const estilos = {
  colunas: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: '5', alignItems: 'start' }),
  secao: css({ display: 'flex', flexDirection: 'column', gap: '3', borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', p: '3' }),
  titulo: css({ fontSize: 'md', fontWeight: 'semibold' }),
  dica: css({ fontSize: 'xs', color: 'gray.600' }),
  certificado: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3', alignItems: 'end', borderTopWidth: '1px', borderColor: 'gray.200', pt: '3' }),
  semBorda: css({ border: 'none', p: '0', m: '0', minW: '0' }),
  arquivo: css({ fontSize: 'sm', '& input': { display: 'block', mt: '1', fontSize: 'sm' } }),
};

/** What the tab's Ctrl+S asks of each form. */
interface Salvador {
  sujo: () => boolean;
  salvar: () => void;
}
type Salvadores = MutableRefObject<{ caixa?: Salvador; sefaz?: Salvador }>;

const formatoInstante = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO_SAO_PAULO, dateStyle: 'short', timeStyle: 'short' });
/** An instant as São Paulo's date and time; '' for none. */
const instante = (iso: string | null) => (iso ? formatoInstante.format(new Date(iso)).replace(',', '') : '');

/** '' is "not typed" (the schema says "Informe …"); digits otherwise. */
const numero = (texto: string) => (texto.trim() === '' ? undefined : texto.trim());

/**
 * Tab Recebimento (ADMIN, issue 30): the mailbox read over IMAP and SEFAZ's CT-e distribution. Ctrl+S saves the
 * forms that changed; the certificate goes on its own (Alt+C) and is never shown, only its holder and validity.
 */
export function RecebimentoTab() {
  const caixa = useCaixaPostal();
  const sefaz = useSefaz();
  const salvadores: Salvadores = useRef({});
  useCommands([
    {
      id: 'configuracoes.recebimento.salvar',
      title: 'Salvar recebimento',
      group: 'Ações',
      keys: ['Ctrl+S'],
      run: () => {
        const sujos = Object.values(salvadores.current).filter((s) => s?.sujo());
        if (sujos.length === 0) noticeBus.publicar(MSG_NADA_A_SALVAR);
        sujos.forEach((s) => s?.salvar());
      },
    },
  ]);
  return (
    <div className={estilos.colunas}>
      {caixa.data ? <CaixaPostalForm key={`caixa-${caixa.data.versao}`} config={caixa.data} salvadores={salvadores} /> : <p role="status">Carregando…</p>}
      {sefaz.data ? <SefazForm key={`sefaz-${sefaz.data.versao}`} config={sefaz.data} salvadores={salvadores} /> : <p role="status">Carregando…</p>}
    </div>
  );
}

function CaixaPostalForm({ config: c, salvadores }: { config: CaixaPostalConfig; salvadores: Salvadores }) {
  const inicial = {
    ativa: c.ativa,
    host: c.host,
    porta: c.origem === 'NENHUMA' && !c.porta ? '993' : String(c.porta),
    tls: c.origem === 'NENHUMA' ? true : c.tls,
    usuario: c.usuario,
    senha: '',
    pasta: c.pasta || 'INBOX',
    intervalo: String(c.intervaloMinutos),
  };
  const [v, mudar] = useCampos(inicial);
  const validar = useValidate();
  const salvarCaixa = useSalvarCaixaPostal();
  const somenteLeitura = c.origem === 'AMBIENTE';
  const salvar = () => {
    if (somenteLeitura || salvarCaixa.isPending) return;
    const dados = validar(caixaPostalSalvarSchema, {
      ...v,
      porta: numero(v.porta),
      intervaloMinutos: numero(v.intervalo),
      senha: v.senha === '' ? undefined : v.senha,
      versao: c.versao,
    });
    if (dados) salvarCaixa.mutate(dados, { onSuccess: () => noticeBus.publicar(MSG_CAIXA_POSTAL_SALVA) });
  };
  salvadores.current.caixa = { sujo: () => !somenteLeitura && JSON.stringify(v) !== JSON.stringify(inicial), salvar };

  return (
    <section className={estilos.secao} aria-label="Caixa postal">
      <h2 className={estilos.titulo}>Caixa postal (IMAP)</h2>
      {somenteLeitura && (
        <WarningNote>
          Definida no servidor pela variável IMAP_URL_{lerEmpresa()}: ela prevalece sobre este formulário, mostrado só para leitura. A senha fica no ambiente.
        </WarningNote>
      )}
      <fieldset disabled={somenteLeitura} className={`${formGrid.grade} ${estilos.semBorda}`}>
        <label className={`${formGrid.alternar} ${formGrid.largo}`}>
          <input type="checkbox" checked={v.ativa} onChange={() => mudar('ativa')(!v.ativa)} />
          Ler a caixa postal
        </label>
        <TextField label="Servidor" value={v.host} onValueChange={mudar('host')} placeholder="imap.exemplo.com.br" />
        <TextField label="Porta" value={v.porta} onValueChange={mudar('porta')} inputMode="numeric" />
        <label className={formGrid.alternar}>
          <input type="checkbox" checked={v.tls} onChange={() => mudar('tls')(!v.tls)} />
          Conexão segura (TLS)
        </label>
        <TextField label="Usuário" value={v.usuario} onValueChange={mudar('usuario')} autoComplete="off" />
        <TextField
          label="Senha"
          type="password"
          value={v.senha}
          onValueChange={mudar('senha')}
          autoComplete="new-password"
          placeholder={c.senhaDefinida ? 'senha guardada' : ''}
          hint={c.senhaDefinida ? 'Senha guardada: em branco, continua a mesma.' : somenteLeitura ? undefined : 'Nenhuma senha guardada.'}
        />
        <TextField label="Pasta" value={v.pasta} onValueChange={mudar('pasta')} />
        <TextField label="Intervalo (minutos)" value={v.intervalo} onValueChange={mudar('intervalo')} inputMode="numeric" />
      </fieldset>
      <p className={estilos.dica}>Cada mensagem lida vai para a pasta Processados (ou Com erro, com os motivos no registro do recebimento).</p>
      {!somenteLeitura && (
        <div className={formGrid.botoes}>
          <Button variant="primary" aria-keyshortcuts="Control+S" disabled={salvarCaixa.isPending} onClick={salvar}>
            Salvar caixa postal <KeyCombo keys={['Ctrl+S']} />
          </Button>
        </div>
      )}
    </section>
  );
}

/** A form's values and the setter of one field (`mudar('host')(valor)`). */
function useCampos<T extends object>(inicial: T) {
  const [v, setV] = useState(inicial);
  const mudar =
    <K extends keyof T>(campo: K) =>
    (valor: T[K]) =>
      setV((x) => ({ ...x, [campo]: valor }));
  return [v, mudar] as const;
}

function SefazForm({ config: c, salvadores }: { config: SefazConfig; salvadores: Salvadores }) {
  const inicial = { ativa: c.ativa, cnpj: mascararCnpj(c.cnpj), uf: c.uf, ambiente: c.ambiente };
  const [v, mudar] = useCampos(inicial);
  const validar = useValidate();
  const salvarSefaz = useSalvarSefaz();
  const salvar = () => {
    if (salvarSefaz.isPending) return;
    const dados = validar(sefazSalvarSchema, { ...v, versao: c.versao });
    if (dados) salvarSefaz.mutate(dados, { onSuccess: () => noticeBus.publicar(MSG_SEFAZ_SALVA) });
  };
  salvadores.current.sefaz = { sujo: () => JSON.stringify(v) !== JSON.stringify(inicial), salvar };

  return (
    <section className={estilos.secao} aria-label="SEFAZ">
      <h2 className={estilos.titulo}>SEFAZ: distribuição de CT-e</h2>
      <p className={estilos.dica}>Busca na SEFAZ todo CT-e emitido contra o CNPJ (tomador). Exige que o servidor alcance a SEFAZ e um certificado A1 válido.</p>
      <div className={formGrid.grade}>
        <label className={`${formGrid.alternar} ${formGrid.largo}`}>
          <input type="checkbox" checked={v.ativa} onChange={() => mudar('ativa')(!v.ativa)} />
          Consultar a SEFAZ
        </label>
        <CnpjInput label="CNPJ" value={v.cnpj} onValueChange={mudar('cnpj')} mensagemInvalido="O CNPJ é inválido." />
        <TextField label="UF" value={v.uf} onValueChange={(uf) => mudar('uf')(uf.toUpperCase())} maxLength={2} />
        <SelectField
          label="Ambiente"
          value={v.ambiente}
          onValueChange={(a) => mudar('ambiente')(a as AmbienteSefaz)}
          options={AMBIENTES_SEFAZ.map((a) => ({ value: a, label: ROTULO_AMBIENTE_SEFAZ[a] }))}
        />
      </div>
      <LabelValueList
        coluna={170}
        campos={[
          ['Certificado', c.certificado ? c.certificado.titular : 'nenhum enviado'],
          ['Válido até', c.certificado ? formatDateBr(c.certificado.validoAte) : ''],
          ['Último NSU', c.ultNSU],
          ['NSU máximo', c.maxNSU],
          ['Próxima consulta', instante(c.proximaConsulta)],
          ['Bloqueada até', instante(c.bloqueadaAte)],
        ]}
      />
      <Certificado />
      <div className={formGrid.botoes}>
        <Button variant="primary" aria-keyshortcuts="Control+S" disabled={salvarSefaz.isPending} onClick={salvar}>
          Salvar SEFAZ <KeyCombo keys={['Ctrl+S']} />
        </Button>
      </div>
    </section>
  );
}

/** The A1 certificate (.pfx/.p12) and its password, sent on their own; the file is never shown back. */
function Certificado() {
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const campo = useRef<HTMLInputElement>(null);
  const mostrar = useShowMessages();
  const enviar = useEnviarCertificado();
  const mandar = () => {
    if (enviar.isPending) return;
    if (!arquivo) {
      campo.current?.focus();
      return mostrar([MSG_PFX_AUSENTE]);
    }
    if (arquivo.size > TAMANHO_MAXIMO_PFX) return mostrar([MSG_PFX_GRANDE_DEMAIS]);
    if (!senha) return mostrar([MSG_SENHA_PFX_AUSENTE]);
    enviar.mutate(
      { arquivo, senha },
      {
        onSuccess: (c) => {
          if (c.certificado) noticeBus.publicar(mensagemCertificadoGuardado(c.certificado.titular, formatDateBr(c.certificado.validoAte)));
        },
      },
    );
  };
  useCommands([{ id: 'configuracoes.recebimento.certificado', title: 'Enviar certificado A1', group: 'Ações', keys: [TECLA_CERTIFICADO], run: mandar }]);
  return (
    <div className={estilos.certificado}>
      <label className={estilos.arquivo}>
        Certificado A1 (.pfx ou .p12)
        <input ref={campo} type="file" accept=".pfx,.p12,application/x-pkcs12" onChange={(e) => setArquivo(e.target.files?.[0] ?? null)} />
      </label>
      <TextField label="Senha do certificado" type="password" value={senha} onValueChange={setSenha} autoComplete="new-password" />
      <div className={`${formGrid.largo} ${formGrid.botoes}`}>
        <Button onClick={mandar} disabled={enviar.isPending} aria-keyshortcuts={TECLA_CERTIFICADO}>
          Enviar certificado <KeyCombo keys={[TECLA_CERTIFICADO]} />
        </Button>
      </div>
    </div>
  );
}
