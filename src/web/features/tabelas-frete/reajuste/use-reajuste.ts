import { useState } from 'react';
import { reajusteParametrosSchema, type ResultadoReajuste } from '../../../../contracts/reajuste';
import { baixarReajuste, simularReajuste, type FormatoReajuste, type PedidoReajuste } from '../../../api/reajuste-api';
import { useShowMessages } from '../../../ui/use-show-messages';
import { useValidate } from '../../../ui/use-validated-save';
import { formularioInicial, mensagensReajuste, parametrosDoFormulario, type FormularioReajuste } from './parametros-reajuste';

type Trabalho = 'simulando' | FormatoReajuste | null;

/**
 * The reajuste screen's state: the form, the proposed workbook, the last simulation (its request is what the PDF and
 * the .xlsx send again, so the files match the screen) and what is running.
 */
export function useReajuste(tabelaId: number) {
  const [form, setForm] = useState<FormularioReajuste>(formularioInicial);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [simulado, setSimulado] = useState<{ pedido: PedidoReajuste; resultado: ResultadoReajuste } | null>(null);
  const [trabalho, setTrabalho] = useState<Trabalho>(null);
  const [salvo, setSalvo] = useState<string | null>(null);
  const validar = useValidate();
  const mostrar = useShowMessages();

  const simular = async () => {
    if (trabalho !== null) return;
    const parametros = validar(reajusteParametrosSchema, parametrosDoFormulario(form));
    if (!parametros) return;
    const mensagens = mensagensReajuste(parametros, arquivo !== null);
    if (mensagens.length > 0) return mostrar(mensagens);
    const pedido: PedidoReajuste = { tabela: tabelaId, parametros, arquivo };
    setTrabalho('simulando');
    setSalvo(null);
    try {
      setSimulado({ pedido, resultado: await simularReajuste(pedido) });
    } catch {
      // The API client has shown why (no CT-es in the period, a proposed table with errors…).
    } finally {
      setTrabalho(null);
    }
  };
  const baixar = async (formato: FormatoReajuste) => {
    if (!simulado || trabalho !== null) return;
    setTrabalho(formato);
    try {
      setSalvo(await baixarReajuste(simulado.pedido, formato));
    } catch {
      // Shown by the API client.
    } finally {
      setTrabalho(null);
    }
  };
  const status = trabalho === 'simulando' ? 'Simulando…' : trabalho ? 'Baixando…' : salvo ? `Arquivo salvo: ${salvo}` : '';
  return {
    form,
    set: (patch: Partial<FormularioReajuste>) => setForm((f) => ({ ...f, ...patch })),
    arquivo,
    setArquivo,
    simulado,
    trabalho,
    status,
    simular: () => void simular(),
    baixar: (formato: FormatoReajuste) => void baixar(formato),
  };
}
