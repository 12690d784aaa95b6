import { useEffect, useId, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { css } from '../../../../../styled-system/css';
import { textoErroPlanilha, type ResultadoImportacao } from '../../../../contracts/planilha-tabela';
import { formatNumberBr } from '../../../../domain/format-number-br';
import { confirmarImportacao, simularImportacao, type TabelaImportada } from '../../../api/planilha-tabela-api';
import { useCommands } from '../../../commands/use-commands';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { formGrid } from '../../../ui/form-grid';
import { KeyCombo } from '../../../ui/key-combo';
import { resultStyles as s } from '../../../ui/result-styles';
import { ListaNavegavel } from './lista-navegavel';
import { ResumoImportacaoView } from './resumo-importacao';
import { SeletorArquivo } from './seletor-arquivo';

export const TITULO_IMPORTAR = 'Importar tabela de planilha';
export const ROTULO_ESCOLHER = 'Escolher planilha';
export const ROTULO_CONFIRMAR = 'Confirmar importação';
export const MSG_ESCOLHA_PLANILHA = 'Escolha a planilha (.xlsx ou .csv) de uma tabela de frete: a importação é simulada antes, nada é gravado sem confirmar.';

const estilos = { escolha: css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm' }) };

type Trabalho = 'simulando' | 'confirmando' | null;

export interface ImportarPlanilhaDialogProps {
  onClose: () => void;
  /** The table saved (the dialog is done). */
  onImportada: (tabela: TabelaImportada) => void;
}

/** Import of a freight table's workbook: pick the file, read the dry run (errors, warnings, summary), then confirm. */
export function ImportarPlanilhaDialog(props: ImportarPlanilhaDialogProps) {
  return (
    <Dialog open title={TITULO_IMPORTAR} onClose={props.onClose} width={760}>
      <Conteudo {...props} />
    </Dialog>
  );
}

function statusDe(trabalho: Trabalho, arquivo: File | null, r: ResultadoImportacao | null): string {
  if (trabalho === 'simulando') return `Lendo ${arquivo?.name ?? 'a planilha'}…`;
  if (trabalho === 'confirmando') return 'Gravando a tabela…';
  if (!r || !arquivo) return MSG_ESCOLHA_PLANILHA;
  if (r.erros.length > 0) return `${arquivo.name}: ${formatNumberBr(r.erros.length)} ${r.erros.length === 1 ? 'erro' : 'erros'}; nada será gravado. Corrija a planilha e escolha-a de novo.`;
  return `${arquivo.name}: nenhum erro. Confira o resumo e confirme a importação (Ctrl+S).`;
}

/** The dry run's answer: the errors (a list the arrows walk), the warnings and what the import would do. */
function ResultadoSimulacao({ resultado, ref }: { resultado: ResultadoImportacao; ref: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} aria-label="Resultado da simulação" className={s.bloco}>
      {resultado.erros.length > 0 && (
        <section aria-label="Erros" className={s.bloco}>
          <h3 className={s.subtitulo}>Erros ({formatNumberBr(resultado.erros.length)})</h3>
          <ListaNavegavel rotulo="Erros da planilha" itens={resultado.erros.map(textoErroPlanilha)} erro />
        </section>
      )}
      {resultado.avisos.length > 0 && (
        <section aria-label="Avisos" className={s.bloco}>
          <h3 className={s.subtitulo}>Avisos</h3>
          <ul className={s.lista}>
            {resultado.avisos.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </section>
      )}
      {resultado.resumo && <ResumoImportacaoView resumo={resultado.resumo} />}
    </div>
  );
}

function Conteudo({ onImportada }: ImportarPlanilhaDialogProps) {
  const id = useId();
  const seletor = useRef<HTMLInputElement>(null);
  const resumo = useRef<HTMLDivElement>(null);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [resultado, setResultado] = useState<ResultadoImportacao | null>(null);
  const [trabalho, setTrabalho] = useState<Trabalho>(null);
  const podeConfirmar = trabalho === null && arquivo !== null && resultado !== null && resultado.erros.length === 0 && resultado.resumo !== null;

  const escolher = () => trabalho === null && seletor.current?.click();
  const escolhido = async (e: ChangeEvent<HTMLInputElement>) => {
    const novo = e.target.files?.[0] ?? null;
    e.target.value = ''; // the same file picked again (after fixing it) is read again
    if (!novo || trabalho !== null) return;
    setArquivo(novo);
    setResultado(null);
    setTrabalho('simulando');
    try {
      setResultado(await simularImportacao(novo));
    } catch {
      // The API client has shown why (413 too large, unavailable…).
    } finally {
      setTrabalho(null);
    }
  };
  const confirmar = async () => {
    if (!podeConfirmar || !arquivo) return;
    setTrabalho('confirmando');
    try {
      onImportada(await confirmarImportacao(arquivo));
    } catch {
      // A 400 lists the reasons in the message popup; the dry run stays for another try.
      setTrabalho(null);
    }
  };

  // The answer takes the focus: the errors' list to walk them, or the summary to read before confirming.
  useEffect(() => {
    if (!resultado) return;
    const alvo = resultado.erros.length > 0 ? resumo.current?.querySelector<HTMLElement>('[role=listbox]') : resumo.current;
    alvo?.focus();
  }, [resultado]);

  useCommands([
    { id: `${id}:escolher`, title: ROTULO_ESCOLHER, group: 'Ações', keys: ['Alt+E'], run: escolher },
    { id: `${id}:confirmar`, title: ROTULO_CONFIRMAR, group: 'Ações', keys: ['Ctrl+S'], when: () => podeConfirmar, run: () => void confirmar() },
  ]);

  return (
    <div className={formGrid.corpo}>
      <div className={estilos.escolha}>
        <Button data-autofocus aria-keyshortcuts="Alt+E" onClick={escolher} ocupado={trabalho !== null}>
          {ROTULO_ESCOLHER} <KeyCombo keys={['Alt+E']} />
        </Button>
        <p role="status" aria-live="polite">
          {statusDe(trabalho, arquivo, resultado)}
        </p>
      </div>
      <SeletorArquivo ref={seletor} rotulo="Planilha da tabela de frete" onChange={(e) => void escolhido(e)} />
      {resultado && <ResultadoSimulacao ref={resumo} resultado={resultado} />}
      <DialogButtons onConfirm={() => void confirmar()} confirmLabel={ROTULO_CONFIRMAR} disabled={!podeConfirmar} />
    </div>
  );
}
