// Lint rules: eslint's and typescript-eslint's recommended sets, promise checks that need types, and the layering
// of docs/en/architecture.md#layout as the editor can see it (the contract, the helpers and the view import nothing outside their folder; no
// domain folder imports http/); test/imports.test.ts checks the whole graph for cycles.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const ourOwnParent = { regex: '^\\.\\./', message: 'src/api/ and src/lib/ import nothing of ours outside their folder (docs/en/architecture.md#layout).' }
const beyondTheGround = { regex: '^\\.\\./(?!api/|lib/|locales/)', message: 'src/view/ imports nothing of ours outside its folder but types from the ground floor, src/api/ and src/lib/, and the words of src/locales/ (docs/en/architecture.md#layout).' }
const httpLayer = { regex: '(^|/)http/', message: 'A domain folder never imports from src/http/: move what it needs to src/api/ or src/lib/ (docs/en/architecture.md#layout).' }
const frontDoors = { regex: '(^|/)(http|cli|discord-commands)/', message: 'src/operations/ is what the CLI, the operator API and Discord commands call; it never imports them (docs/en/architecture.md#layout).' }
const cliToHttp = { regex: '(^|/)http/', message: 'The CLI acts through src/operations/ (the remote ones for another instance\'s operator API), never src/http/ (docs/en/architecture.md#layout).' }
const domainFolders = [
  'declaration', 'brand', 'store', 'bot', 'platform', 'notify', 'incidents', 'monitor', 'checks', 'status', 'operations',
  'publish', 'metrics', 'site', 'docs', 'discovery', 'mcp', 'demo', 'discord-commands', 'edge'
]
const configOwn = { regex: '^\\.\\./(?!lib/|declaration/)', message: 'src/config/ imports only src/lib/, src/declaration/ and its own files (docs/en/architecture.md#layout).' }
const siteLayer = { regex: '(^|/)site/', message: 'src/publish/ never imports src/site/, which imports it: what both need lives lower, e.g. in src/view/ (docs/en/architecture.md#layout).' }
const outsideView = { regex: '^\\.\\./(?!locales/[\\w-]+\\.json$)', message: 'src/view/ modules run in the browser too: they import only each other and the words of src/locales/ (docs/en/architecture.md#layout).' }

// The edge reads the model, so every domain folder but itself is below it; publish/ and metrics/ share a floor, and
// metrics/ reads publish/'s uptime windows.
const edgeLayer = { regex: '(^|/)edge/', message: 'Only src/http/, src/context.ts and the CLI import src/edge/, which reads the model: a folder below it is handed what it needs (docs/en/architecture.md#floors).' }
const metricsLayer = { regex: '(^|/)metrics/', message: 'src/publish/ never imports src/metrics/, which imports it (docs/en/architecture.md#floors).' }
const belowTheEdge = domainFolders.filter((folder) => folder !== 'edge')

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'test-output/', '.ci/node/', 'dist/', 'dist.*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error'
    }
  },
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }]
      }],
      '@typescript-eslint/no-misused-promises': 'error'
    }
  },
  {
    files: ['src/api/**', 'src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ourOwnParent] }] }
  },
  {
    files: ['src/view/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [beyondTheGround] }] }
  },
  {
    files: ['src/config/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [configOwn] }] }
  },
  {
    files: domainFolders.map((folder) => `src/${folder}/**`),
    rules: { 'no-restricted-imports': ['error', { patterns: [httpLayer] }] }
  },
  {
    files: belowTheEdge.map((folder) => `src/${folder}/**`),
    rules: { 'no-restricted-imports': ['error', { patterns: [httpLayer, edgeLayer] }] }
  },
  {
    files: ['src/operations/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [frontDoors, edgeLayer] }] }
  },
  {
    files: ['src/cli/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [cliToHttp] }] }
  },
  {
    files: ['src/publish/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [httpLayer, edgeLayer, siteLayer, metricsLayer] }] }
  },
  {
    files: ['src/view/**/*.js'],
    rules: { 'no-restricted-imports': ['error', { patterns: [outsideView] }] }
  },
  {
    files: ['src/site/assets/**/*.js', 'src/view/**/*.js'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', fetch: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', navigator: 'readonly' } }
  }
)
