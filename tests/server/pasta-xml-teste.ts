/**
 * The XML base folder of the test databases' settings: a path that can never exist, so no server test reads or
 * moves the files of a developer's ./data/xml (the tests that read XMLs point the settings at a temp folder).
 * Under /dev/null (a file), so not even root can create it: a server started on a test database makes its
 * configured folders, and a "/nao-existe/..." made that way turned the unreadable folder of another test readable.
 */
export const PASTA_XML_TESTE = '/dev/null/frete-console-testes/xml';
