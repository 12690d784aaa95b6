import { css } from '../../../../styled-system/css';
import type { ResultadoLeituraOcoren } from '../../../contracts/ocorrencias';
import { formatNumberBr } from '../../../domain/format-number-br';
import { useCommands } from '../../commands/use-commands';
import { Dialog } from '../../ui/dialog';
import { DialogButtons } from '../../ui/dialog-buttons';
import { LabelValueList } from '../../ui/label-value-list';
import { resultStyles } from '../../ui/result-styles';

export const TITULO_LEITURA_OCOREN = 'Leitura de ocorrências (OCOREN)';
const ROTULO_VER_NAO_VINCULADAS = 'Ver as não vinculadas';

const estilos = {
  corpo: css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' }),
  arquivo: css({ fontFamily: 'mono', fontSize: 'xs', mr: '1', overflowWrap: 'anywhere' }),
};

/** One "arquivo: texto" list (refused files, warnings), absent when empty. */
function ListaPorArquivo({ titulo, itens }: { titulo: string; itens: { arquivo: string; texto: string }[] }) {
  if (itens.length === 0) return null;
  return (
    <section aria-label={titulo}>
      <h3 className={resultStyles.subtitulo}>{titulo}</h3>
      <ul className={resultStyles.lista}>
        {itens.map((i, n) => (
          <li key={`${i.arquivo}-${n}`}>
            <span className={estilos.arquivo}>{i.arquivo}:</span>
            {i.texto}
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface LeituraOcorenDialogProps {
  resultado: ResultadoLeituraOcoren;
  onVerNaoVinculadas: () => void;
  onClose: () => void;
}

/** What one OCOREN reading did: counts, refused files with their reasons, the reader's warnings (Esc closes). */
export function LeituraOcorenDialog({ resultado, onVerNaoVinculadas, onClose }: LeituraOcorenDialogProps) {
  return (
    <Dialog open title={TITULO_LEITURA_OCOREN} onClose={onClose} size="md">
      <Resultado r={resultado} verNaoVinculadas={resultado.naoVinculadas > 0 ? onVerNaoVinculadas : undefined} />
    </Dialog>
  );
}

/** Inside the dialog, so its Alt+S belongs to the dialog's layer (the screen's Alt+S is the same toggle's). */
function Resultado({ r, verNaoVinculadas }: { r: ResultadoLeituraOcoren; verNaoVinculadas?: () => void }) {
  useCommands(verNaoVinculadas ? [{ id: 'ocoren.ver-nao-vinculadas', title: ROTULO_VER_NAO_VINCULADAS, group: 'Ações', keys: ['Alt+S'], run: verNaoVinculadas }] : []);
  return (
    <div className={estilos.corpo}>
      {r.mensagens.length > 0 && (
        <ul className={resultStyles.lista} aria-label="Mensagens">
          {r.mensagens.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <LabelValueList
        coluna={170}
        campos={[
          ['Arquivos', formatNumberBr(r.arquivos)],
          ['Ocorrências lidas', formatNumberBr(r.lidas)],
          ['Já conhecidas', formatNumberBr(r.repetidas)],
          ['Sem CT-e vinculado', formatNumberBr(r.naoVinculadas)],
          ['Arquivos recusados', formatNumberBr(r.recusados.length)],
        ]}
      />
      <ListaPorArquivo titulo="Arquivos recusados" itens={r.recusados.map((x) => ({ arquivo: x.arquivo, texto: x.motivo }))} />
      <ListaPorArquivo titulo="Avisos" itens={r.avisos.map((x) => ({ arquivo: x.arquivo, texto: x.mensagem }))} />
      <DialogButtons onConfirm={verNaoVinculadas} confirmLabel={ROTULO_VER_NAO_VINCULADAS} confirmKeys={['Alt+S']} />
    </div>
  );
}
