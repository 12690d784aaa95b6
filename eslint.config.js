// The house rules that a machine can check: the layers of the README's code map as import zones, no file
// cycles and the rules of hooks. Run by `npm run lint`, first step of `npm test`. import-x/no-cycle skips
// type-only imports, so `npm run lint:ciclos` (madge, which reads them) is the check for type-only cycles.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layerZones = [
  {
    target: './src/contracts',
    from: ['./src/domain', './src/server', './src/web', './machines'],
    message: 'src/contracts não importa nada do projeto (só bibliotecas): é a base das camadas.',
  },
  {
    target: './src/domain',
    from: ['./src/server', './src/web', './machines'],
    message: 'src/domain importa só src/contracts (e a si mesmo).',
  },
  {
    target: './machines',
    from: ['./src/domain', './src/server', './src/web'],
    message: 'machines/ importa só src/contracts (e a si mesmo).',
  },
  {
    target: './src/web',
    from: './src/server',
    message: 'A aplicação web não importa o servidor: o que os dois partilham fica em src/contracts ou src/domain.',
  },
  {
    target: './src/server',
    from: './src/web',
    message: 'O servidor não importa a aplicação web.',
  },
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'Uma feature não importa src/web/app: o app compõe as features, não o contrário.',
  },
  {
    target: ['./src/web/ui', './src/web/commands', './src/web/api'],
    from: ['./src/web/features', './src/web/app'],
    message: 'As peças partilhadas (ui, commands, api) não importam features nem o app.',
  },
  // One zone per feature: it may import itself, never another feature (shared pieces go to src/web/ui).
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Uma feature não importa outra: o que duas usam vai para src/web/ui (ou outra pasta partilhada).',
  })),
];

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'dist/**', 'styled-system/**', '.tmp/**', 'data/**', 'coverage/**', 'public/**'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: {
      '@typescript-eslint': tseslint.plugin,
      'import-x': importX,
      'react-hooks': reactHooks,
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      // Value cycles here (in the editor too); madge in lint:ciclos also counts type-only ones. maxDepth
      // keeps the walk cheap; the cycles found in the tree were at most 3 files long.
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    // Issue 32: spreadsheets are the server's. The browser (and what it shares: contracts, domain) never loads exceljs,
    // and nobody uses the npm `xlsx` package (frozen with known CVEs).
    files: ['src/web/**/*.{ts,tsx}', 'src/contracts/**/*.ts', 'src/domain/**/*.ts', 'machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'exceljs', message: 'exceljs só no servidor (src/server): o navegador nunca o carrega.' },
            { name: 'xlsx', message: 'O pacote xlsx não é usado (congelado, com CVEs conhecidas): exceljs, no servidor.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'xlsx', message: 'O pacote xlsx não é usado (congelado, com CVEs conhecidas): exceljs.' }] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}', 'tests/e2e/**/*.{ts,tsx}'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
