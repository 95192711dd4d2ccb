import { describe, expect, it } from 'vitest';
import { escapeMagics } from './ipython-magics.js';

describe('escapeMagics', () => {
  it.each([
    ['a line magic', '%matplotlib inline', '# %matplotlib inline'],
    ['an indented magic', 'if True:\n    %time f()', 'if True:\n    # %time f()'],
    ['a shell escape', '!pip install -q numpy', '# !pip install -q numpy'],
    ['an assigned shell escape', 'files = !ls *.csv', '# files = !ls *.csv'],
    ['an assigned magic', 'names = %who_ls', '# names = %who_ls'],
    ['a help request', 'np.mean?', '# np.mean?'],
    ['a prefix help request', '??np.mean', '# ??np.mean'],
    ['a magic after a comment holding a quote', "x = 1  # it's\n%ls", "x = 1  # it's\n# %ls"],
    [
      'a magic continued by backslash',
      '!pip install \\\n    numpy\nx = 1',
      '# !pip install \\\n    # numpy\nx = 1',
    ],
  ])('comments out %s', (_name, source, expected) => {
    expect(escapeMagics(source).source).toBe(expected);
  });

  it.each([
    ['lines inside a triple-quoted string', 'doc = """\n%d items\n!important\n"""'],
    ['a string closed on a later line, then code', "s = '''a\n%x'''\ny = 1 != 2"],
    ['modulo at the start of a bracketed continuation', 'x = (a\n     % b)'],
    ['modulo after a backslash continuation', 'x = a \\\n    % b'],
    ['not-equal and comparisons', 'ok = a != b'],
  ])('leaves %s alone', (_name, source) => {
    expect(escapeMagics(source)).toEqual({ source, escaped: 0 });
  });

  it('comments a whole cell whose cell magic runs another language', () => {
    const result = escapeMagics('%%bash\necho "$HOME"\n\nls\n');
    expect(result).toEqual({ source: '# %%bash\n# echo "$HOME"\n#\n# ls\n', escaped: 4 });
  });

  it('keeps the body of a cell magic that runs python', () => {
    expect(escapeMagics('%%timeit\nsum(range(10))')).toEqual({
      source: '# %%timeit\nsum(range(10))',
      escaped: 1,
    });
  });

  it('counts nothing in plain python', () => {
    expect(escapeMagics('def f():\n    return 1 % 2\n')).toEqual({
      source: 'def f():\n    return 1 % 2\n',
      escaped: 0,
    });
  });
});
