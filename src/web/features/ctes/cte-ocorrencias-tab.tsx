import { css } from '../../../../styled-system/css';
import type { OcorrenciaCte } from '../../../contracts/ocorrencias';
import { formatarDataHora } from '../../../domain/cte/formatar-cte';
import { useOcorrenciasDoCte } from '../../api/ocorrencias-api';
import { formGrid } from '../../ui/form-grid';
import { SentidoBadge } from '../../ui/sentido-badge';

export const MSG_SEM_OCORRENCIAS = 'Nenhuma ocorrência para este CT-e.';

const estilos = {
  lista: css({ display: 'flex', flexDirection: 'column', gap: '0', fontSize: 'sm', borderLeftWidth: '2px', borderColor: 'gray.300', ml: '2', pl: '4' }),
  item: css({ position: 'relative', py: '2', borderBottomWidth: '1px', borderColor: 'gray.100' }),
  // The dot on the timeline's line.
  marca: css({ position: 'absolute', left: '-21px', top: '3', width: '10px', height: '10px', borderRadius: 'full', bg: 'blue.700' }),
  marcaCancelada: css({ bg: 'gray.400' }),
  linha: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2' }),
  quando: css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', whiteSpace: 'nowrap' }),
  codigo: css({ fontFamily: 'mono', color: 'gray.700', whiteSpace: 'nowrap' }),
  texto: css({ fontWeight: 'medium' }),
  cancelada: css({ textDecoration: 'line-through', color: 'gray.600' }),
  aviso: css({ color: 'gray.700', fontStyle: 'italic' }),
  detalhe: css({ color: 'gray.700', fontSize: 'xs', mt: '0.5', overflowWrap: 'anywhere' }),
};

/** "arquivo, linha N" or the file alone (a CT-e event has no line). */
export const fonteDaOcorrencia = (o: Pick<OcorrenciaCte, 'arquivo' | 'linha'>) => (o.linha === null ? o.arquivo : `${o.arquivo}, linha ${o.linha}`);

function Ocorrencia({ o }: { o: OcorrenciaCte }) {
  return (
    <li className={estilos.item} aria-label={`${formatarDataHora(o.dataHora)} ${o.codigo} ${o.texto}${o.cancelada ? ' (cancelado)' : ''}`}>
      <span className={o.cancelada ? `${estilos.marca} ${estilos.marcaCancelada}` : estilos.marca} aria-hidden />
      <div className={estilos.linha}>
        <span className={estilos.quando}>{formatarDataHora(o.dataHora)}</span>
        <span className={estilos.codigo}>{o.codigo}</span>
        {o.cancelada ? <del className={`${estilos.texto} ${estilos.cancelada}`}>{o.texto}</del> : <span className={estilos.texto}>{o.texto}</span>}
        {o.cancelada && <span className={estilos.aviso}>(cancelado)</span>}
        <SentidoBadge sentido={o.sentido} cancelada={o.cancelada} />
      </div>
      {o.observacao && <div className={estilos.detalhe}>Observação: {o.observacao}</div>}
      <div className={estilos.detalhe}>
        {o.notaFiscal ? `NF ${o.notaFiscal} · ` : ''}
        {fonteDaOcorrencia(o)}
      </div>
    </li>
  );
}

/** Tab "Ocorrências" (issue 31): the CT-e's OCOREN lines and delivery events, oldest first. */
export function CteOcorrenciasTab({ cteId }: { cteId: number }) {
  const consulta = useOcorrenciasDoCte(cteId);
  if (consulta.isPending) return <p className={formGrid.carregando}>Carregando…</p>;
  if (consulta.isError) return <p className={formGrid.carregando}>Não foi possível carregar as ocorrências.</p>;
  const ocorrencias = consulta.data.content;
  if (ocorrencias.length === 0) return <p className={formGrid.carregando}>{MSG_SEM_OCORRENCIAS}</p>;
  const restantes = consulta.data.totalElements - ocorrencias.length;
  return (
    <>
      <ol className={estilos.lista} aria-label="Ocorrências do CT-e">
        {ocorrencias.map((o) => (
          <Ocorrencia key={o.id} o={o} />
        ))}
      </ol>
      {restantes > 0 && <p className={formGrid.carregando}>{`Mostrando as ${ocorrencias.length} primeiras; há mais ${restantes} na tela Ocorrências.`}</p>}
    </>
  );
}
