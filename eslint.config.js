import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noCrossFeatureImports } from './eslint/no-cross-feature-imports.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'tmp', 'server/db/migrations', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, postroom: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'postroom/no-cross-feature-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/set-state-in-effect': 'off',
      // Blueprint's FileInput speaks English by default; src/ui/file-input.tsx gives it our words.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@blueprintjs/core', importNames: ['FileInput'], message: 'Use FileInput from src/ui/file-input.tsx (translated texts).' },
            { name: '@blueprintjs/core', importNames: ['NumericInput'], message: 'Use NumericInput from src/ui/numeric-input.tsx (valid aria-controls, translated stepper labels).' },
          ],
        },
      ],
    },
  },
  { files: ['src/ui/file-input.tsx', 'src/ui/numeric-input.tsx'], rules: { 'no-restricted-imports': 'off' } },
);
