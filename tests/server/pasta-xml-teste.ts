/**
 * The XML base folder of the test databases' settings: a path that never exists, so no server test reads or
 * moves the files of a developer's ./data/xml (the tests that read XMLs point the settings at a temp folder).
 */
export const PASTA_XML_TESTE = '/nao-existe/frete-console-testes/xml';
