import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/**
 * Boundaries (DESIGN.md's Layout, docs/architecture.md), kept by import-x's no-restricted-paths: it
 * resolves every import to a file (however the relative path is spelled) and sees static imports,
 * dynamic import() and `export … from`. tests/unit/boundaries.test.ts feeds each zone a violation.
 */
const root = import.meta.dirname;
const folders = (dir) => readdirSync(`${root}/${dir}`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const PACKAGES_WITH_IO = ['pg', 'pg-boss', '@electric-sql', 'fastify', 'fastify-plugin', '@fastify', 'nodemailer', 'pdfkit', 'exceljs', 'undici', 'oidc-provider', 'react', 'react-dom', 'react-admin', '@mui', 'keycloak-js'];
const zones = [
  { target: 'src', from: 'server', message: 'The admin (src/) never imports server/: share through domain/ or schema/ only.' },
  { target: 'domain', from: ['server', 'src'], message: 'domain/ is pure: it never imports the server or the admin.' },
  {
    target: 'domain',
    from: PACKAGES_WITH_IO.map((name) => `node_modules/${name}`),
    message: 'domain/ does no I/O: no database, HTTP framework, mail, files or UI.',
  },
  ...folders('server/areas').flatMap((area) => [
    {
      target: `server/areas/${area}`,
      from: 'server',
      except: ['./shared', './db', './autoquery', './integrations', './identity/public.ts', `./areas/${area}`],
      message: 'An area imports no other area and of server/ only shared, db, autoquery, integrations and identity/public: move what both use to server/shared/.',
    },
    {
      target: `server/areas/${area}`,
      from: ['src', 'tests', 'bench', 'scripts'],
      message: 'Outside server/, an area imports only domain/, schema/ and locales/.',
    },
  ]),
  { target: ['server/shared', 'server/db'], from: 'server/areas', message: 'server/shared and server/db never import an area: move the helper to server/shared/.' },
  { target: 'server/db', from: 'server/identity', except: ['./public.ts'], message: 'The database layer uses identity only through server/identity/public.' },
  {
    target: 'src/resources',
    from: 'src/custom',
    message: 'A declared resource never imports a custom page: name the view in src/common/embeds.tsx and let src/registry.ts supply it, or move what both use to src/common or src/engine.',
  },
  {
    target: 'src/custom',
    from: 'src/resources',
    message: 'A custom page never imports a declared resource: name the view in src/common/embeds.tsx and let src/registry.ts supply it, or move what both use to src/common or src/engine.',
  },
  { target: ['src/common', 'src/engine'], from: ['src/resources', 'src/custom'], message: 'src/common and src/engine serve resources and custom pages, so they import neither.' },
  { target: 'src/shell', from: ['src/resources', 'src/custom'], message: 'The shell reads pages only through src/registry.ts.' },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', '.tmp', 'coverage', 'schema/generated'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones }] },
  },
  {
    // domain/ runs in the browser too: no Node module (random numbers come from the Web Crypto API).
    files: ['domain/**/*.ts'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
);