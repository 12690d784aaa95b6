import { describe, expect, it } from 'vitest';
import { textoBytes, textoProgresso } from '../../src/web/api/baixar-com-progresso';
import { semPaginacao } from '../../src/web/ui/use-exportar-lista';

// Issue 32: a workbook is a zip, so its progress is the bytes received and the rows the server announced.

describe('export progress text', () => {
  it.each([
    [0, '0 bytes'],
    [1023, '1.023 bytes'],
    [1024, '1,0 KB'],
    [1536, '1,5 KB'],
    [1024 * 1024 - 1, '1,0 MB'],
    [1023.9 * 1024, '1.023,9 KB'],
    [1.25 * 1024 * 1024, '1,3 MB'],
    [1234 * 1024 * 1024, '1.234,0 MB'],
  ])('%d bytes read "%s"', (bytes, texto) => {
    expect(textoBytes(bytes)).toBe(texto);
  });

  it('a workbook: rows announced and bytes received; without X-Total-Linhas only the bytes', () => {
    expect(textoProgresso({ formato: 'xlsx', linhas: 0, total: 12345, bytes: 1.2 * 1024 * 1024 })).toBe('Gerando planilha de 12.345 linhas… 1,2 MB recebidos');
    expect(textoProgresso({ formato: 'xlsx', linhas: 0, total: 1, bytes: 900 })).toBe('Gerando planilha de 1 linha… 900 bytes recebidos');
    expect(textoProgresso({ formato: 'xlsx', linhas: 0, total: null, bytes: 2048 })).toBe('Gerando planilha… 2,0 KB recebidos');
  });

  it('a CSV still counts its rows', () => {
    expect(textoProgresso({ formato: 'csv', linhas: 2, total: 1000000, bytes: 10 })).toBe('Baixando… 2 de 1.000.000 linhas');
    expect(textoProgresso({ linhas: 7, total: null, bytes: 10 })).toBe('Baixando… 7 linhas');
  });

  it('the export drops page and size and keeps the rest of the list query', () => {
    expect(semPaginacao({ page: 3, size: 100, sort: 'dataEmissao,desc', numeroFatura: 'F9', status: undefined })).toEqual({ sort: 'dataEmissao,desc', numeroFatura: 'F9', status: undefined });
  });
});
