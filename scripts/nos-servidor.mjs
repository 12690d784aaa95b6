// `npm run lint:nos`: the folder knots of the server. Builds the import graph of src/server (every import,
// export … from, import() and import type, resolved with the TypeScript compiler and tsconfig.json), collapses
// it to the first-level folders of src/server (a file directly in src/server/ is its own node, named by the
// file), finds the strongly connected components (Tarjan) and fails when one holds more than LIMITE nodes.
// A folder knot means no folder of it can be read, tested or moved without the others.
// `node scripts/nos-servidor.mjs --detalhe` also lists the imports between the folders of each knot.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const LIMITE = 4;
const RAIZ = path.resolve('src/server');
const detalhe = process.argv.includes('--detalhe');

function arquivos(pasta) {
  return readdirSync(pasta).flatMap((nome) => {
    const caminho = path.join(pasta, nome);
    if (statSync(caminho).isDirectory()) return arquivos(caminho);
    return /\.tsx?$/.test(nome) && !nome.endsWith('.d.ts') ? [caminho] : [];
  });
}

function opcoesTs() {
  const lido = ts.readConfigFile('tsconfig.json', ts.sys.readFile);
  return ts.parseJsonConfigFileContent(lido.config, ts.sys, process.cwd()).options;
}

/** Every module name a file names: static imports and re-exports (type-only too), import() and import('x') types. */
function nomesImportados(arquivo) {
  const fonte = ts.createSourceFile(arquivo, ts.sys.readFile(arquivo), ts.ScriptTarget.Latest, true);
  const nomes = [];
  const visitar = (no) => {
    if ((ts.isImportDeclaration(no) || ts.isExportDeclaration(no)) && no.moduleSpecifier && ts.isStringLiteral(no.moduleSpecifier)) {
      nomes.push(no.moduleSpecifier.text);
    } else if (ts.isCallExpression(no) && no.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteralLike(no.arguments[0] ?? {})) {
      nomes.push(no.arguments[0].text);
    } else if (ts.isImportTypeNode(no) && ts.isLiteralTypeNode(no.argument) && ts.isStringLiteral(no.argument.literal)) {
      nomes.push(no.argument.literal.text);
    } else if (ts.isImportEqualsDeclaration(no) && ts.isExternalModuleReference(no.moduleReference)) {
      nomes.push(no.moduleReference.expression.text);
    }
    ts.forEachChild(no, visitar);
  };
  visitar(fonte);
  return nomes;
}

/** The node of a file: its first-level folder under src/server ("db/"), or the file itself when at the root. */
function noDe(arquivo) {
  const partes = path.relative(RAIZ, arquivo).split(path.sep);
  return partes.length === 1 ? partes[0] : `${partes[0]}/`;
}

function montarGrafo() {
  const opcoes = opcoesTs();
  const arestas = new Map(); // nó -> Map(nó -> [ "arquivo -> importado" ])
  for (const arquivo of arquivos(RAIZ)) {
    const de = noDe(arquivo);
    if (!arestas.has(de)) arestas.set(de, new Map());
    for (const nome of nomesImportados(arquivo)) {
      const alvo = ts.resolveModuleName(nome, arquivo, opcoes, ts.sys).resolvedModule?.resolvedFileName;
      if (!alvo || path.relative(RAIZ, alvo).startsWith('..') || alvo.includes(`${path.sep}node_modules${path.sep}`)) continue;
      const para = noDe(path.resolve(alvo));
      if (para === de) continue;
      const porAlvo = arestas.get(de);
      if (!porAlvo.has(para)) porAlvo.set(para, []);
      porAlvo.get(para).push(`${path.relative('.', arquivo)} -> ${path.relative('.', alvo)}`);
    }
  }
  return arestas;
}

/** Tarjan's strongly connected components (recursive: the graph has a few dozen nodes). */
function componentes(arestas) {
  const indice = new Map();
  const baixo = new Map();
  const pilha = [];
  const naPilha = new Set();
  const resultado = [];
  let proximo = 0;
  const visitar = (v) => {
    indice.set(v, proximo);
    baixo.set(v, proximo);
    proximo += 1;
    pilha.push(v);
    naPilha.add(v);
    for (const w of arestas.get(v)?.keys() ?? []) {
      if (!indice.has(w)) {
        visitar(w);
        baixo.set(v, Math.min(baixo.get(v), baixo.get(w)));
      } else if (naPilha.has(w)) {
        baixo.set(v, Math.min(baixo.get(v), indice.get(w)));
      }
    }
    if (baixo.get(v) === indice.get(v)) {
      const componente = [];
      let w;
      do {
        w = pilha.pop();
        naPilha.delete(w);
        componente.push(w);
      } while (w !== v);
      resultado.push(componente.sort());
    }
  };
  for (const v of [...arestas.keys()].sort()) if (!indice.has(v)) visitar(v);
  return resultado;
}

const arestas = montarGrafo();
const nos = componentes(arestas)
  .filter((c) => c.length > 1)
  .sort((a, b) => b.length - a.length);
console.log(`lint:nos: ${arestas.size} nós em src/server (uma pasta de primeiro nível = um nó; cada arquivo direto em src/server/ também é um nó e conta)`);
if (nos.length === 0) console.log('Nenhum nó: o grafo de pastas do servidor não tem ciclos.');
for (const componente of nos.slice(0, 5)) {
  console.log(`- nó de ${componente.length}: ${componente.join(' ')}`);
  if (!detalhe) continue;
  const membros = new Set(componente);
  for (const de of componente) {
    for (const [para, imports] of arestas.get(de)) {
      if (!membros.has(para)) continue;
      const mais = imports.length > 3 ? ` (+${imports.length - 3})` : '';
      console.log(`    ${de} -> ${para}: ${imports.slice(0, 3).join(', ')}${mais}`);
    }
  }
}
const maior = nos[0]?.length ?? 1;
if (maior > LIMITE) {
  console.error(`lint:nos: um nó de ${maior} pastas/arquivos passa do limite de ${LIMITE} (veja com node scripts/nos-servidor.mjs --detalhe).`);
  process.exit(1);
}
console.log(`lint:nos: maior nó ${maior} (limite ${LIMITE}).`);
