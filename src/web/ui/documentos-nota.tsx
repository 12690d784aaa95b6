import { css } from '../../../styled-system/css';
import type { NotaCte } from '../../contracts/ctes';
import { mensagemNotaSemPdf, mensagemPedidoNaoEncontrado, mensagemPedidoSemNotas } from '../../contracts/relatorios';
import { notaDaChave } from '../../domain/cte/chave-nfe';
import { baixarEspelhoPedido, baixarPdfNota, baixarPdfsPedido } from '../api/relatorios-api';
import { Button } from './button';
import { useDocumento } from './use-documento';

const estilos = { acoes: css({ display: 'flex', gap: '1', flexWrap: 'wrap' }) };

/**
 * The documents of a CT-e note row (docs/decisoes.md §28): "PDF da nota", and for its order "PDF das notas (ZIP)" and
 * "Espelho do pedido" (the web has no order lookup screen: the order number is shown here). Buttons in the
 * row, reached with Tab; a 404 shows the §8 warning.
 */
export function DocumentosNota({ nota }: { nota: NotaCte }) {
  const doc = useDocumento();
  const numero = nota.numero ?? notaDaChave(nota.chave)?.numero ?? nota.notaFiscalId ?? '';
  const pedido = nota.pedidoId;
  return (
    <div className={estilos.acoes}>
      {nota.notaFiscalId && (
        <Button
          size="sm"
          ocupado={doc.ocupado}
          aria-label={`PDF da nota ${numero}`}
          onClick={() => void doc.baixar({ rotulo: `o PDF da nota fiscal ${numero}`, baixar: () => baixarPdfNota(nota.notaFiscalId!, numero, pedido), naoEncontrado: mensagemNotaSemPdf(numero) })}
        >
          PDF da nota
        </Button>
      )}
      {pedido && (
        <>
          <Button size="sm" ocupado={doc.ocupado} aria-label={`PDF das notas do pedido ${pedido} (ZIP)`} onClick={() => void doc.baixar({ rotulo: `o ZIP das notas do pedido ${pedido}`, baixar: () => baixarPdfsPedido(pedido), naoEncontrado: mensagemPedidoSemNotas(pedido) })}>
            PDF das notas (ZIP)
          </Button>
          <Button size="sm" ocupado={doc.ocupado} aria-label={`Espelho do pedido ${pedido}`} onClick={() => void doc.baixar({ rotulo: `o espelho do pedido ${pedido}`, baixar: () => baixarEspelhoPedido(pedido), naoEncontrado: mensagemPedidoNaoEncontrado(pedido) })}>
            Espelho do pedido
          </Button>
        </>
      )}
      {doc.andamento}
    </div>
  );
}
