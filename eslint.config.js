import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noCrossFeatureImports } from './eslint/no-cross-feature-imports.js';

/** Blueprint components that speak English or break ARIA: each has a wrapper in src/ui. */
const BLUEPRINT_WRAPPED = [
  { name: '@blueprintjs/core', importNames: ['FileInput'], message: 'Use FileInput from src/ui/file-input.tsx (translated texts).' },
  { name: '@blueprintjs/core', importNames: ['NumericInput'], message: 'Use NumericInput from src/ui/numeric-input.tsx (valid aria-controls, translated stepper labels).' },
];
/** Accessible names in the reader's language (close buttons, spinners, tag remove buttons). */
const BLUEPRINT_NAMED = [
  { name: '@blueprintjs/core', importNames: ['Dialog'], message: "Use Dialog from src/ui/dialog.tsx (its close button is named in the reader's language)." },
  { name: '@blueprintjs/core', importNames: ['Spinner'], message: "Use Spinner from src/ui/spinner.tsx (named in the reader's language)." },
  { name: '@blueprintjs/core', importNames: ['TagInput'], message: "Use TagInput from src/ui/tag-input.tsx (its remove buttons are named in the reader's language)." },
  { name: '@blueprintjs/core', importNames: ['NonIdealState'], message: 'Use EmptyState from src/ui/empty-state.tsx (its title is the next heading level, not a fourth).' },
  { name: '@blueprintjs/core', importNames: ['FormGroup'], message: "Use Field from src/ui/form.tsx (shows what the enclosing Form found wrong, in the reader's language)." },
];
/** The browser's validation bubbles speak the browser's language: every form is src/ui/form.tsx's Form. */
const NO_RAW_FORM = { selector: "JSXOpeningElement[name.name='form']", message: "Use Form from src/ui/form.tsx (checks the fields in the page, in the reader's language)." };

/**
 * Server code: a sentence a person reads is sent as a code (+ parameters) the console translates, or as
 * keys of a stored message (src/contract/pipeline-messages.ts), never as English text alone. An object
 * with a `message` or `text` that is a sentence (a string with a space, or a template) must carry its
 * `code`, its message `key` or its translated `reason` beside it (HttpError bodies, failures, payload
 * reasons); English kept there is for programs and logs.
 */
const SERVER_SENTENCE_OWNER = "ObjectExpression:not(:has(> Property[key.name=/^(code|key|reason)$/])) > Property[key.name=/^(message|text)$/]";
const SERVER_SENTENCES = [
  { selector: `${SERVER_SENTENCE_OWNER} > Literal[value=/ /]`, message: "A sentence for people goes as a code the console translates (or a pipeline message key), with `code`, `key` or `reason` beside any English `message`/`text`." },
  { selector: `${SERVER_SENTENCE_OWNER} > TemplateLiteral`, message: "A sentence for people goes as a code the console translates (or a pipeline message key), with `code`, `key` or `reason` beside any English `message`/`text`." },
];

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
      // Blueprint components with English texts or names go through their src/ui wrappers.
      'no-restricted-imports': ['error', { paths: [...BLUEPRINT_WRAPPED, ...BLUEPRINT_NAMED] }],
      'no-restricted-syntax': ['error', NO_RAW_FORM],
    },
  },
  {
    files: ['server/**/*.ts'],
    // Tests and the demo data (sample mails in French) are not answers.
    ignores: ['server/**/*.test.ts', 'server/test-support/**', 'server/db/seed*.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_RAW_FORM, ...SERVER_SENTENCES] },
  },
  { files: ['src/ui/file-input.tsx', 'src/ui/numeric-input.tsx', 'src/ui/dialog.tsx', 'src/ui/spinner.tsx', 'src/ui/tag-input.tsx', 'src/ui/form.tsx', 'src/ui/empty-state.tsx', 'src/ui/plain-controls.tsx'], rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' } },
);
