import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { carregarXmlSchema, DIAS_XML_MAXIMO, DIAS_XML_MINIMO, DIAS_XML_PADRAO } from '../../../contracts/configuracoes';
import { textoProgressoReleitura } from '../../../contracts/leitura-xml';
import { formatNumberBr } from '../../../domain/format-number-br';
import { useAndamentoCarregarXml, useCarregarXml } from '../../api/configuracoes-api';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { KeyCombo } from '../../ui/key-combo';
import { NumberInput } from '../../ui/number-input';
import { useShowMessages } from '../../ui/use-show-messages';
import { useValidate } from '../../ui/use-validated-save';

const estilos = {
  coluna: css({ display: 'flex', flexDirection: 'column', gap: '2', maxWidth: '480px' }),
  linha: css({ display: 'flex', alignItems: 'flex-end', gap: '3' }),
  progresso: css({ fontSize: 'sm', color: 'blue.800', fontWeight: 'medium', minHeight: '5' }),
};
export const MSG_XML_CARREGADO = 'Carregamento de XML iniciado.';

/**
 * Tab Comandos: "quantidade de dias" (0–180, default 30) and Carregar XML (POST /ctes/carregar-xml-tabela), with its
 * progress while it runs (GET /ctes/carregar-xml-tabela every second).
 */
export function ComandosXmlTab() {
  const [dias, setDias] = useState(DIAS_XML_PADRAO);
  const validar = useValidate();
  const mostrarMensagens = useShowMessages();
  const carregar = useCarregarXml();
  const progresso = useAndamentoCarregarXml(carregar.isPending).data?.progresso ?? null;
  const executar = () => {
    if (carregar.isPending) return;
    const dados = validar(carregarXmlSchema, { dias });
    if (!dados) return;
    // A 409 (reader not yet available) reaches the message popup through the failure routing.
    carregar.mutate(dados.dias, { onSuccess: (r) => mostrarMensagens(r?.mensagens?.length ? r.mensagens : [MSG_XML_CARREGADO]) });
  };
  useCommands([{ id: 'configuracoes.carregar-xml', title: 'Carregar XML de CT-e', group: 'Ações', keys: ['Alt+X'], run: executar }]);
  // While it runs the button stays focusable (ocupado: the user who pressed it keeps their place); the progress is a
  // live region present from the start, on its own line under the button.
  return (
    <div className={estilos.coluna}>
      <div className={estilos.linha}>
        <NumberInput label="Quantidade de dias" value={dias} onValueChange={setDias} min={DIAS_XML_MINIMO} max={DIAS_XML_MAXIMO} />
        <Button variant="primary" onClick={executar} ocupado={carregar.isPending} aria-keyshortcuts="Alt+X">
          Carregar XML <KeyCombo keys={['Alt+X']} />
        </Button>
      </div>
      <span role="status" className={estilos.progresso}>
        {carregar.isPending && (progresso ? textoProgressoReleitura(formatNumberBr(progresso.feitos), formatNumberBr(progresso.total)) : 'Carregando XML…')}
      </span>
    </div>
  );
}
