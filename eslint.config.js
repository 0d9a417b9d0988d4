import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Boundaries (docs/architecture.md): src/ never imports server/; a server area imports only its own
 * folder, server/shared, server/db, server/autoquery, identity's public file, domain and schema;
 * domain/ imports nothing with I/O. Relative paths are matched as written (areas have no sub-folders).
 */
const NO_SERVER_FROM_ADMIN = {
  regex: '^(\\.\\./)+server(/|$)',
  message: 'The admin (src/) never imports server/: share through domain/ or schema/ only.',
};
const AREA_BOUNDARY = [
  {
    regex: '^\\.\\./(?!\\.\\./)',
    message: 'An area never imports another area: move what both use to server/shared/.',
  },
  {
    regex: '^\\.\\./\\.\\./(?!(shared|db|autoquery)/|identity/public$|\\.\\./)',
    message: 'An area imports only server/shared, server/db, server/autoquery and server/identity/public.',
  },
  {
    regex: '^\\.\\./\\.\\./\\.\\./(?!(domain|schema|locales)/)',
    message: 'Outside server/, an area imports only domain/ and schema/.',
  },
];
const DOMAIN_BOUNDARY = [
  {
    regex: '(^|/)(server|src)(/|$)',
    message: 'domain/ is pure: it never imports the server or the admin.',
  },
  {
    group: ['node:*', '!node:crypto', 'fs', 'fs/*', 'net', 'http', 'https', 'child_process', 'pg', 'pg-*', '@electric-sql/*', 'fastify', 'fastify-*', '@fastify/*', 'nodemailer', 'pg-boss', 'pdfkit', 'exceljs', 'react', 'react-*'],
    message: 'domain/ does no I/O: no files, network, database, HTTP framework or UI.',
  },
];
/** src/resources ↔ src/custom: neither imports the other, src/common imports neither (they meet in src/registry.ts). */
function adminBoundaries() {
  const forbid = (folder, message) => ({ regex: `^(\\.\\./)+(src/)?${folder}(/|$)`, message });
  const resources = forbid('resources', 'A custom page never imports a declared resource: name the view in src/common/embeds.tsx and let src/registry.ts supply it, or move what both use to src/common.');
  const custom = forbid('custom', 'A declared resource never imports a custom page: name the view in src/common/embeds.tsx and let src/registry.ts supply it, or move what both use to src/common.');
  // typescript-eslint's twin of no-restricted-imports, so that other blocks' no-restricted-imports (src never imports server) do not override it.
  const rule = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });
  return [
    { files: ['src/resources/**/*.{ts,tsx}'], rules: rule(custom) },
    { files: ['src/custom/**/*.{ts,tsx}'], rules: rule(resources) },
    { files: ['src/common/**/*.{ts,tsx}'], rules: rule(resources, custom) },
  ];
}

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
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_FROM_ADMIN] }] },
  },
  {
    files: ['server/areas/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: AREA_BOUNDARY }] },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(\\.\\./)?(areas|identity)/(?!public$)', message: 'The database layer uses identity only through server/identity/public and never an area.' }] },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: DOMAIN_BOUNDARY }] },
  },
  // Admin boundaries (layout-admin): declared resources and custom pages never import each other;
  // they meet only in src/registry.ts. src/common is what both use, so it imports neither.
  ...adminBoundaries(),
);
