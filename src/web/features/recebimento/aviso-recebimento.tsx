import { css } from '../../../../styled-system/css';
import type { UsuarioLogado } from '../../../contracts/auth';
import { FALHAS_PARA_AVISO, mensagemFonteFalhando } from '../../../contracts/recebimento';
import { temPermissao } from '../../../domain/permissoes';
import { useCommands } from '../../commands/use-commands';
import { Button } from '../../ui/button';
import { usePainelDoAviso } from './recebimento-api';

const estilos = {
  faixa: css({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '4',
    py: '1.5',
    bg: 'red.50',
    color: 'red.900',
    borderBottomWidth: '1px',
    borderColor: 'red.300',
    fontSize: 'sm',
  }),
  textos: css({ flex: '1', minW: '0', '& p': { overflowWrap: 'anywhere' } }),
};

export const ROTULO_IR_AO_RECEBIMENTO = 'Ver em Recebimento';

/**
 * The shell's strip for a source that failed FALHAS_PARA_AVISO times in a row (issue 30), for who may open
 * /recebimento: asked every minute and when the window gets the focus back.
 */
export function AvisoRecebimento({ usuario, abrir }: { usuario: UsuarioLogado; abrir: () => void }) {
  const pode = temPermissao(usuario, 'FRETE_RECEB_M');
  const painel = usePainelDoAviso(pode);
  const falhando = pode ? (painel.data?.fontes ?? []).filter((f) => f.falhasSeguidas >= FALHAS_PARA_AVISO) : [];
  useCommands(
    falhando.length > 0
      ? [
          {
            id: 'geral.recebimento-falhando',
            title: 'Ver as fontes de recebimento com falha',
            group: 'Geral',
            keys: [],
            run: abrir,
          },
        ]
      : [],
  );
  if (falhando.length === 0) return null;
  return (
    <div className={estilos.faixa} role="alert">
      <div className={estilos.textos}>
        {falhando.map((f) => (
          <p key={f.fonte}>{mensagemFonteFalhando(f.fonte, f.falhasSeguidas)}</p>
        ))}
      </div>
      <Button size="sm" onClick={abrir}>
        {ROTULO_IR_AO_RECEBIMENTO}
      </Button>
    </div>
  );
}
