import type { Db } from '../database';
import { versaoNota } from '../schema/versao-nota';
import { versaoSistema } from '../schema/versao-sistema';

type Nota = { tipo: 'CORRECAO' | 'ADICAO'; nota: string };

const VERSOES: { id: number; data: string; notas: Nota[] }[] = [
  {
    id: 1,
    data: '2025-03-10',
    notas: [
      { tipo: 'ADICAO', nota: 'Cadastro de perfis com matriz de permissões por área (Cadastros e Fretes).' },
      { tipo: 'ADICAO', nota: 'Login por empresa: COLACRIL ou RRE, escolhida na tela de entrada.' },
      { tipo: 'CORRECAO', nota: 'A busca de perfis passou a ignorar maiúsculas e minúsculas.' },
    ],
  },
  {
    id: 2,
    data: '2025-05-22',
    notas: [
      { tipo: 'ADICAO', nota: 'Limites de frete por UF (peso e valor) editáveis na tela Limites por UF.' },
      { tipo: 'ADICAO', nota: 'Carga de todos os municípios do IBGE com código, UF e coordenadas.' },
      { tipo: 'CORRECAO', nota: 'A troca de senha agora informa quando a confirmação não coincide.' },
    ],
  },
  {
    id: 3,
    data: '2025-08-04',
    notas: [
      { tipo: 'ADICAO', nota: 'Paleta de comandos e atalhos de teclado em todas as listas.' },
      { tipo: 'CORRECAO', nota: 'Perfis desativados não aparecem mais no autocompletar do cadastro de usuários.' },
      { tipo: 'CORRECAO', nota: 'A paginação das listas mantém a ordenação escolhida ao trocar de página.' },
    ],
  },
];

export async function seedVersoes(db: Db): Promise<void> {
  await db.insert(versaoSistema).values(VERSOES.map(({ id, data }) => ({ id, data })));
  await db
    .insert(versaoNota)
    .values(VERSOES.flatMap((v) => v.notas.map((n, ordem) => ({ versaoId: v.id, ordem, tipo: n.tipo, nota: n.nota }))));
}
