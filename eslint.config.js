import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // Admin boundaries (layout-admin): declared resources and custom pages never import each other;
  // they meet only in src/registry.ts. src/common is what both use, so it imports neither.
  ...adminBoundaries(),
);
