import { describe, expect, it } from 'vitest';
import { normalizeSearch } from '../../src/server/list/normalize-search';

// Pure: the short forms of spec 01 §7 rewritten to RSQL (no database involved).
describe('normalizeSearch', () => {
  it.each([
    ['descricao~adm', 'descricao=ik="adm"'],
    ['descricao~{adm};ativado:true', 'descricao=ik="adm";ativado=="true"'],
    ['descricao~Perfil (Cópia)', 'descricao=ik="Perfil (Cópia)"'],
    ['nome:São Paulo, SP', 'nome=="São Paulo, SP"'],
    ['id!{1,2,3}', 'id=out=("1","2","3")'],
    ['id!1,2,3;ativado:true', 'id=out=("1","2","3");ativado=="true"'],
    ['descricao~a,descricao~b', 'descricao=ik="a",descricao=ik="b"'],
    ['(descricao~a,descricao~b);id!{4}', '(descricao=ik="a",descricao=ik="b");id=out=("4")'],
    ['descricao~"a;b"', 'descricao=ik="a;b"'],
    ['descricao~"diz \\"oi\\""', 'descricao=ik="diz \\"oi\\""'],
    ["descricao~'); drop table x; --", `descricao=ik="'); drop table x; --"`],
    ['descricao~', 'descricao=ik=""'],
    ['descricao=ik=adm;id=in=(1,2)', 'descricao=ik=adm;id=in=(1,2)'],
    ['descricao=="a;b";x=gt=1', 'descricao=="a;b";x=gt=1'],
    ['descricao==*text*', 'descricao==*text*'],
  ])('%s → %s', (entrada, saida) => {
    expect(normalizeSearch(entrada)).toBe(saida);
  });

  it.each(['', ';', 'descricao', '=x', '(descricao~a', 'descricao==a)', 'a==1;', 'descricao=="aberto'])('refuses %j', (entrada) => {
    expect(() => normalizeSearch(entrada)).toThrow();
  });
});
