/**
 * CSS lint: stylelint's standard rules, adjusted for how this repository writes styles.
 *
 * Component styles are CSS Modules (`*.module.css`) beside their component, read from TypeScript
 * as `styles.fileTree`: their class names are camelCase. Global styles (reset, tokens, themes,
 * typography base and the design system's primitives) live in src/styles with kebab-case names.
 * @type {import('stylelint').Config}
 */
export default {
  extends: ['stylelint-config-standard'],
  ignoreFiles: ['**/node_modules/**', '**/dist/**', '**/coverage/**'],
  rules: {
    // CSS Modules syntax: `:global(...)` / `:local(...)` and `composes:`.
    'selector-pseudo-class-no-unknown': [true, { ignorePseudoClasses: ['global', 'local'] }],
    'property-no-unknown': [true, { ignoreProperties: ['composes'] }],
    // `animation: global(fade-in) …` names a keyframes rule of the global stylesheets.
    'declaration-property-value-no-unknown': [
      true,
      { ignoreProperties: { '/^animation(-name)?$/': '/\\bglobal\\(/' } },
    ],
    // Prettier owns layout; blank lines between rules are left to the author.
    'rule-empty-line-before': null,
    'at-rule-empty-line-before': null,
    'comment-empty-line-before': null,
    'declaration-empty-line-before': null,
    'custom-property-empty-line-before': null,
    // `(max-width: 640px)` reads the same in every browser we support; `(width <= 640px)` does not.
    'media-feature-range-notation': 'prefix',
    // Safari still needs these prefixes: text gradients and the phone text-size lock.
    'property-no-vendor-prefix': [
      true,
      { ignoreProperties: ['-webkit-background-clip', '-webkit-text-size-adjust'] },
    ],
    // `clip` keeps visually hidden text hidden in browsers without `clip-path`.
    'property-no-deprecated': [true, { ignoreProperties: ['clip'] }],
    // Font family names keep their usual spelling; `currentColor` is the spec's spelling.
    'value-keyword-case': [
      'lower',
      { ignoreKeywords: ['currentColor'], ignoreProperties: ['--font', '--mono'] },
    ],
  },
  overrides: [
    {
      files: ['**/*.module.css'],
      rules: {
        'selector-class-pattern': [
          '^[a-z][a-zA-Z0-9]*$',
          { message: (name) => `CSS Module class "${name}" should be camelCase` },
        ],
      },
    },
  ],
};
