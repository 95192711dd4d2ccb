import type { GrammarId } from '../../syntax/grammars.js';
import type { SyntaxNode } from '../../syntax/syntax-tree.js';
import type { ImportReference } from './import-reference.js';
import { JVM_EXTENSIONS } from './imports-by-pattern.js';
import { childOfType, isSameNode, literalValue, qualifiedPath, statementOf } from './tree-nodes.js';

/**
 * How one grammar's imports are found: every match of `anchor` in the text (the keyword an
 * import starts with) is looked up in the tree, and `read` says which import, if any, the token
 * there starts. A keyword inside a string or a comment is not a keyword token in the tree, so it
 * reads as nothing; and only the few places a keyword occurs are visited, not every node.
 */
export interface TreeImportRule {
  readonly anchor: RegExp;
  readonly read: (token: SyntaxNode) => ImportReference[];
}

const script = (value: string | undefined): ImportReference[] =>
  value === undefined ? [] : [{ kind: 'script', specifier: value }];

const relative = (value: string | undefined, extensions: readonly string[]): ImportReference[] =>
  value === undefined || /^[a-z]+:|^\/\/|\$/i.test(value)
    ? []
    : [{ kind: 'relative', path: value, extensions }];

const qualified = (paths: readonly string[], extensions: readonly string[]): ImportReference[] =>
  paths.length === 0 ? [] : [{ kind: 'qualified', paths, extensions }];

/** A call's first argument when `token` is the called name: `require('x')`, `import('x')`. */
function firstArgumentOfCall(token: SyntaxNode, callType: string): SyntaxNode | null {
  const call = token.parent;
  if (call?.type !== callType) return null;
  const callee = call.childForFieldName('function') ?? call.childForFieldName('name');
  if (!isSameNode(callee, token) && token.type !== 'import') return null;
  const args = call.childForFieldName('arguments');
  return args?.type.includes('string') ? args : (args?.namedChild(0) ?? null);
}

const SCRIPT: TreeImportRule = {
  anchor: /\b(?:import|export|require)\b/g,
  read(token) {
    const parent = token.parent;
    if (token.type === 'import' && parent?.type === 'import_statement') {
      // `import x = require('./x')` (TypeScript) keeps its string in a clause.
      const clause = childOfType(parent, ['import_require_clause']);
      return script(
        literalValue(parent.childForFieldName('source') ?? childOfType(clause, ['string'])),
      );
    }
    if (token.type === 'export' && parent?.type === 'export_statement') {
      return script(literalValue(parent.childForFieldName('source')));
    }
    if (token.type === 'import' || (token.type === 'identifier' && token.text === 'require')) {
      return script(literalValue(firstArgumentOfCall(token, 'call_expression')));
    }
    return [];
  },
};

const PYTHON: TreeImportRule = {
  anchor: /\b(?:import|from)\b/g,
  read(token) {
    const parent = token.parent;
    const dotted = (node: SyntaxNode | null) =>
      node?.type === 'aliased_import' ? node.childForFieldName('name') : node;
    const modulePath = (node: SyntaxNode | null | undefined) =>
      node?.type === 'dotted_name' ? node.namedChildren.map((part) => part.text).join('/') : '';
    if (token.type === 'import' && parent?.type === 'import_statement') {
      return parent.namedChildren
        .map((child) => modulePath(dotted(child)))
        .filter((module) => module !== '')
        .map((module) => ({ kind: 'python', dots: 0, module }));
    }
    if (token.type !== 'from' || parent?.type !== 'import_from_statement') return [];
    const source = parent.childForFieldName('module_name');
    const dots =
      source?.type === 'relative_import'
        ? (childOfType(source, ['import_prefix'])?.text.length ?? 0)
        : 0;
    const module = modulePath(
      source?.type === 'relative_import' ? childOfType(source, ['dotted_name']) : source,
    );
    const found: ImportReference[] = [];
    // `from . import a, b` may name modules a and b as well as names inside the package.
    for (const child of parent.namedChildren) {
      if (isSameNode(source, child)) continue;
      const name = modulePath(dotted(child));
      if (name !== '') {
        found.push({ kind: 'python', dots, module: module === '' ? name : `${module}/${name}` });
      }
    }
    if (module !== '' || dots > 0) found.push({ kind: 'python', dots, module });
    return found;
  },
};

const GO: TreeImportRule = {
  anchor: /\bimport\b/g,
  read(token) {
    const declaration = statementOf(token, ['import_declaration']);
    if (!declaration) return [];
    const specs = declaration.namedChildren.flatMap((child) =>
      child.type === 'import_spec_list' ? child.namedChildren : [child],
    );
    return specs.flatMap((spec) => {
      const path = spec.type === 'import_spec' ? literalValue(spec.childForFieldName('path')) : '';
      return path === undefined || path === '' || path === 'C'
        ? []
        : [{ kind: 'go-package', path } as const];
    });
  },
};

const RUST: TreeImportRule = {
  anchor: /\bmod\b/g,
  read(token) {
    const item = statementOf(token, ['mod_item']);
    if (!item || item.childForFieldName('body')) return [];
    const names = [item.childForFieldName('name')?.text ?? ''];
    // Inside an inline `mod outer { mod inner; }` the file is outer/inner.rs.
    for (let node = item.parent; node; node = node.parent) {
      if (node.type === 'declaration_list' && node.parent?.type === 'mod_item') {
        names.unshift(node.parent.childForFieldName('name')?.text ?? '');
      }
    }
    return names.every(Boolean) ? [{ kind: 'rust-module', name: names.join('/') }] : [];
  },
};

const JAVA: TreeImportRule = {
  anchor: /\bimport\b/g,
  read(token) {
    const declaration = statementOf(token, ['import_declaration']);
    if (!declaration || childOfType(declaration, ['asterisk'])) return [];
    const path = qualifiedPath(declaration.namedChild(0)?.text ?? '');
    // `import static a.B.member`: the member's class is the file.
    const isStatic = declaration.children.some((child) => child.type === 'static');
    const paths = isStatic ? [path, path.slice(0, path.lastIndexOf('/'))] : [path];
    return qualified(paths.filter(Boolean), JVM_EXTENSIONS);
  },
};

const KOTLIN: TreeImportRule = {
  anchor: /\bimport\b/g,
  read(token) {
    const header = statementOf(token, ['import', 'import_header']);
    if (!header || /\*\s*$/.test(header.text)) return [];
    const name = childOfType(header, ['qualified_identifier', 'identifier']);
    return qualified(name ? [qualifiedPath(name.text)] : [], JVM_EXTENSIONS);
  },
};

const SCALA: TreeImportRule = {
  anchor: /\bimport\b/g,
  read(token) {
    const declaration = statementOf(token, ['import_declaration']);
    if (!declaration) return [];
    const parts = declaration.namedChildren.filter((child) => child.type === 'identifier');
    const base = parts.map((part) => part.text).join('/');
    const selectors = childOfType(declaration, ['namespace_selectors']);
    if (childOfType(declaration, ['namespace_wildcard', 'wildcard'])) return [];
    if (!selectors) return qualified(base ? [base] : [], JVM_EXTENSIONS);
    return selectors.namedChildren
      .filter((child) => child.type === 'identifier')
      .flatMap((child) => qualified([`${base}/${child.text}`], JVM_EXTENSIONS));
  },
};

const C_FAMILY: TreeImportRule = {
  anchor: /#[ \t]*include\b/g,
  read(token) {
    const include = statementOf(token, ['preproc_include']);
    const path = include?.childForFieldName('path');
    // `<stdio.h>` is the system's; only quoted includes name the project's files.
    const value = path?.type === 'string_literal' ? literalValue(path) : undefined;
    return value === undefined ? [] : [{ kind: 'include', path: value }];
  },
};

const RUBY: TreeImportRule = {
  anchor: /\b(?:require_relative|require|load)\b/g,
  read(token) {
    const call = token.parent;
    if (call?.type !== 'call' || call.childForFieldName('receiver')) return [];
    if (!isSameNode(call.childForFieldName('method'), token)) return [];
    const value = literalValue(childOfType(call.childForFieldName('arguments'), ['string']));
    if (value === undefined) return [];
    if (token.text === 'require_relative') return relative(value, ['rb']);
    // `require 'gem/part'` loads lib/gem/part.rb by the load path; a `./` path is the caller's.
    return value.startsWith('.') ? [] : qualified([value.replace(/\.rb$/, '')], ['rb']);
  },
};

const PHP: TreeImportRule = {
  anchor: /\b(?:require_once|require|include_once|include|use)\b/gi,
  read(token) {
    const parent = token.parent;
    if (parent && /^(require|include)(_once)?_expression$/.test(parent.type)) {
      const argument = parent.namedChild(0);
      // `__DIR__ . '/a.php'`: relative to this file, which a plain string mostly means too.
      const literal =
        argument?.type === 'binary_expression' &&
        /^(__DIR__|dirname\(__FILE__\))$/.test(argument.childForFieldName('left')?.text ?? '')
          ? argument.childForFieldName('right')
          : argument;
      return relative(literalValue(literal), []);
    }
    if (parent?.type !== 'namespace_use_declaration') return [];
    const prefix = childOfType(parent, ['namespace_name'])?.text ?? '';
    const group = childOfType(parent, ['namespace_use_group']) ?? parent;
    return group.namedChildren
      .filter((clause) => clause.type === 'namespace_use_clause')
      .flatMap((clause) => {
        const name = childOfType(clause, ['qualified_name', 'name'])?.text ?? '';
        const path = qualifiedPath(prefix === '' ? name : `${prefix}\\${name}`);
        // PSR-4 maps the vendor namespace to a folder of any name (App\ to app/ or src/).
        const rest = path.slice(path.indexOf('/') + 1);
        return qualified(path.includes('/') ? [path, rest] : [path], ['php']);
      });
  },
};

const LUA: TreeImportRule = {
  anchor: /\brequire\b/g,
  read(token) {
    const value = literalValue(firstArgumentOfCall(token, 'function_call'));
    if (value === undefined) return [];
    const path = value.replace(/\./g, '/');
    return qualified([path, `${path}/init`], ['lua']);
  },
};

const HASKELL: TreeImportRule = {
  anchor: /\bimport\b/g,
  read(token) {
    const declaration = statementOf(token, ['import']);
    const module = declaration?.childForFieldName('module');
    return module ? qualified([qualifiedPath(module.text)], ['hs', 'lhs']) : [];
  },
};

const ZIG: TreeImportRule = {
  anchor: /@import\b/g,
  read(token) {
    const call = token.parent;
    if (call?.type !== 'builtin_function') return [];
    const value = literalValue(childOfType(childOfType(call, ['arguments']), ['string']));
    return value?.endsWith('.zig') ? relative(value, []) : [];
  },
};

const BASH: TreeImportRule = {
  anchor: /(?<![\w./-])(?:source|\.)(?=[ \t])/g,
  read(token) {
    const command = token.parent?.type === 'command_name' ? token.parent.parent : null;
    const argument = command?.childForFieldName('argument');
    if (!argument) return [];
    const value = argument.type === 'word' ? argument.text : literalValue(argument);
    return relative(value, ['sh']);
  },
};

const CSS: TreeImportRule = {
  anchor: /@import\b/g,
  read(token) {
    const statement = statementOf(token, ['import_statement']);
    const target = statement?.namedChild(0);
    const url =
      target?.type === 'call_expression'
        ? childOfType(target.childForFieldName('arguments') ?? target, ['string_value'])
        : target;
    return relative(literalValue(url), []);
  },
};

/** C# `using` names namespaces, which any number of files share: no file is imported. */
const NO_FILE_IMPORTS: TreeImportRule = { anchor: /(?!)/g, read: () => [] };

export const TREE_IMPORT_RULES: Partial<Readonly<Record<GrammarId, TreeImportRule>>> = {
  typescript: SCRIPT,
  tsx: SCRIPT,
  javascript: SCRIPT,
  python: PYTHON,
  go: GO,
  rust: RUST,
  java: JAVA,
  kotlin: KOTLIN,
  scala: SCALA,
  c: C_FAMILY,
  cpp: C_FAMILY,
  c_sharp: NO_FILE_IMPORTS,
  ruby: RUBY,
  php: PHP,
  lua: LUA,
  haskell: HASKELL,
  zig: ZIG,
  bash: BASH,
  css: CSS,
};
