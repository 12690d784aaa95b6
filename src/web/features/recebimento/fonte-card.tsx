import { useEffect } from 'react';
import { css } from '../../../../styled-system/css';
import { ROTULO_FONTE, type SituacaoFonte } from '../../../contracts/recebimento';
import { formatNumberBr } from '../../../domain/format-number-br';
import { Button } from '../../ui/button';
import { KeyCombo } from '../../ui/key-combo';
import { CONTAGENS, formatarInstante, situacaoDaExecucao } from './recebimento-formato';
import { useExecucao } from './recebimento-api';

// One row per source: what it is and when, what came in, the actions; the warning under them.
const estilos = {
  card: css({
    display: 'grid',
    gridTemplateColumns: 'minmax(300px, 1fr) minmax(430px, 1.6fr) minmax(210px, auto)',
    columnGap: '5',
    rowGap: '2',
    alignItems: 'center',
    borderWidth: '1px',
    borderColor: 'gray.300',
    borderRadius: 'md',
    px: '4',
    py: '3',
    bg: 'white',
  }),
  falhando: css({ borderColor: 'red.400', borderLeftWidth: '4px' }),
  titulo: css({ fontSize: 'md', fontWeight: 'semibold', mb: '1' }),
  estado: css({
    fontSize: 'xs',
    color: 'gray.600',
    fontWeight: 'normal',
    ml: '2',
  }),
  campos: css({
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: '3',
    rowGap: '0.5',
    fontSize: 'sm',
    '& dt': { color: 'gray.600' },
    '& dd': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  }),
  contagens: css({
    display: 'grid',
    gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
    gap: '2',
    fontSize: 'xs',
    color: 'gray.600',
    textAlign: 'center',
    '& strong': {
      display: 'block',
      fontSize: 'lg',
      color: 'gray.900',
      fontVariantNumeric: 'tabular-nums',
    },
  }),
  recusados: css({ '& strong': { color: 'red.700' } }),
  aviso: css({
    gridColumn: '1 / -1',
    fontSize: 'sm',
    color: 'amber.900',
    bg: 'amber.50',
    borderWidth: '1px',
    borderColor: 'amber.300',
    borderRadius: 'md',
    px: '2',
    py: '1',
  }),
  botoes: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    gap: '2',
  }),
  vazio: css({ fontSize: 'sm', color: 'gray.600' }),
};

export interface FonteCardProps {
  fonte: SituacaoFonte;
  /** The last run "Ler agora" started here, followed until it ends. */
  iniciada: number | null;
  /** "Ler agora" (scheduled sources) or "Enviar arquivos" (the upload), with its keys. */
  acao: {
    titulo: string;
    teclas: string[];
    executar: () => void;
    ocupado: boolean;
  } | null;
  verDocumentos: (execucaoId: number) => void;
  /** The followed run ended: the screen reads the cards and the history again. */
  onTerminou: () => void;
}

const estadoDaFonte = (f: SituacaoFonte) => (!f.configurada ? 'não configurada' : f.fonte === 'ENVIO' ? 'sempre disponível' : f.ativa ? 'ativa' : 'desativada');

/** One source of /recebimento: its last run (followed while it goes on), the next one, a block, the warning. */
export function FonteCard({ fonte: f, iniciada, acao, verDocumentos, onTerminou }: FonteCardProps) {
  // The run started here, until the panel knows a newer one; else a scheduled run the panel shows going on.
  const propria = iniciada !== null && (!f.ultima || f.ultima.id <= iniciada) ? iniciada : null;
  const seguida = propria ?? (f.ultima?.situacao === 'EM_ANDAMENTO' ? f.ultima.id : null);
  const acompanhada = useExecucao(seguida);
  const ultima = (seguida !== null && acompanhada.data?.id === seguida ? acompanhada.data : null) ?? f.ultima;
  const terminou = seguida !== null && acompanhada.data?.id === seguida && acompanhada.data.situacao !== 'EM_ANDAMENTO';
  useEffect(() => {
    if (terminou) onTerminou();
  }, [terminou]); // eslint-disable-line react-hooks/exhaustive-deps -- once per run that ends
  const rotulo = ROTULO_FONTE[f.fonte];
  const lendo = ultima?.situacao === 'EM_ANDAMENTO';

  return (
    <article className={`${estilos.card} ${f.aviso ? estilos.falhando : ''}`} aria-label={rotulo}>
      <div>
        <h2 className={estilos.titulo}>
          {rotulo}
          <span className={estilos.estado}>{estadoDaFonte(f)}</span>
        </h2>
        <dl className={estilos.campos}>
          <dt>Última leitura</dt>
          <dd>{ultima ? formatarInstante(ultima.inicio) : 'nenhuma'}</dd>
          <dt>Situação</dt>
          <dd role={lendo ? 'status' : undefined}>{ultima ? situacaoDaExecucao(ultima) : '—'}</dd>
          <dt>Próxima leitura</dt>
          <dd>{formatarInstante(f.proxima) || '—'}</dd>
          {f.bloqueadaAte && (
            <>
              <dt>Bloqueada até</dt>
              <dd>{formatarInstante(f.bloqueadaAte)}</dd>
            </>
          )}
        </dl>
      </div>
      {ultima ? (
        <div className={estilos.contagens} aria-label={`O que chegou na última leitura de ${rotulo}`}>
          {CONTAGENS.map((c) => (
            <div key={c.campo} className={c.campo === 'recusados' && ultima.contagem.recusados > 0 ? estilos.recusados : undefined}>
              <strong>{formatNumberBr(ultima.contagem[c.campo])}</strong>
              {c.rotulo}
            </div>
          ))}
        </div>
      ) : (
        <p className={estilos.vazio}>Nenhuma leitura ainda.</p>
      )}
      <div className={estilos.botoes}>
        {acao && (
          <Button
            variant="primary"
            onClick={acao.executar}
            disabled={acao.ocupado || lendo}
            aria-keyshortcuts={acao.teclas.join(' ') || undefined}
            aria-label={`${acao.titulo}: ${rotulo}`}
          >
            {lendo ? 'Lendo…' : acao.titulo} <KeyCombo keys={acao.teclas} />
          </Button>
        )}
        {ultima && (
          <Button onClick={() => verDocumentos(ultima.id)} aria-label={`Documentos da última leitura: ${rotulo}`}>
            Documentos da última leitura
          </Button>
        )}
      </div>
      {f.aviso && <p className={estilos.aviso}>{f.aviso}</p>}
    </article>
  );
}
