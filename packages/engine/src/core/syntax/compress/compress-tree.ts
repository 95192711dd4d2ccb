import { COMMENT_TYPES, LICENSE_TEXT, isKeptComment } from '../comment-rules.js';
import type { GrammarId } from '../grammars.js';
import type { SyntaxNode } from '../syntax-tree.js';
import type { TextEdit } from '../text-edit.js';
import type { CompressRules } from './compress-rules.js';
import { docLine, docstringLine } from './doc-line.js';
import { tidyDrops } from './tidy-drops.js';

const isComment = (node: SyntaxNode): boolean => COMMENT_TYPES.has(node.type);

function defaultMembers(scope: SyntaxNode): readonly SyntaxNode[] {
  return scope.childForFieldName('body')?.namedChildren ?? [];
}

/** A statement that is only a string literal: a Python docstring. */
function docstringOf(member: SyntaxNode): SyntaxNode | undefined {
  if (member.type !== 'expression_statement' || member.namedChildCount !== 1) return undefined;
  const literal = member.namedChild(0);
  return literal?.type === 'string' ? literal : undefined;
}

/** True when only whitespace, with at most one line break, separates two offsets. */
function isAdjacent(text: string, end: number, start: number): boolean {
  const between = text.slice(end, start);
  return /^\s*$/.test(between) && (between.match(/\n/g)?.length ?? 0) <= 1;
}

/**
 * The edits that reduce a file to what a model needs to navigate it: definitions keep their
 * signature and lose their body to a placeholder, scopes (classes, namespaces) are compressed
 * member by member, imports, types and declarations stay, other statements go. Comments go,
 * except the first line of the documentation of what is kept and compiler directives.
 */
class TreeCompressor {
  private readonly edits: TextEdit[] = [];
  /** Where the first statement starts: comments before it lead the file. */
  private firstCode = 0;

  constructor(
    private readonly text: string,
    private readonly grammar: GrammarId,
    private readonly rules: CompressRules,
  ) {}

  run(root: SyntaxNode): TextEdit[] {
    this.firstCode =
      root.namedChildren.find((child) => !isComment(child))?.startIndex ?? this.text.length;
    this.scope(root, root.namedChildren);
    return tidyDrops(this.text, this.edits);
  }

  private drop(node: SyntaxNode): void {
    this.edits.push({ start: node.startIndex, end: node.endIndex, replacement: '' });
  }

  /** Compresses a scope's members; returns how many were kept. */
  private scope(
    scope: SyntaxNode,
    members: readonly SyntaxNode[] = this.rules.members?.(scope) ?? defaultMembers(scope),
  ): number {
    const before = this.edits.length;
    let comments: SyntaxNode[] = [];
    let attached: SyntaxNode[] = [];
    let kept = 0;
    let first = true;
    for (const member of members) {
      if (isComment(member)) {
        comments.push(member);
        continue;
      }
      if (this.rules.attached?.has(member.type)) {
        attached.push(member);
        continue;
      }
      const docstring = first && this.rules.docstrings ? docstringOf(member) : undefined;
      first = false;
      if (docstring) {
        this.dropComments(comments);
        const line = docstringLine(docstring.text);
        if (line) {
          this.edits.push({ start: member.startIndex, end: member.endIndex, replacement: line });
          kept += 1;
        } else this.drop(member);
        comments = [];
        continue;
      }
      const isKept = this.member(member);
      if (isKept) {
        kept += 1;
        this.document(comments, attached[0] ?? member);
        for (const node of attached) this.inside(node);
      } else {
        this.dropComments(comments);
        for (const node of [...attached, member]) this.drop(node);
      }
      comments = [];
      attached = [];
    }
    this.dropComments(comments);
    for (const node of attached) this.drop(node);
    if (kept === 0 && this.rules.emptyScope) {
      const edit = this.rules.emptyScope(scope, this.text);
      if (edit) {
        this.edits.length = before;
        this.edits.push({ start: edit.start, end: edit.end, replacement: edit.text });
      }
    }
    return kept;
  }

  /** Handles one member; false when it is to be dropped. */
  private member(node: SyntaxNode): boolean {
    const { rules } = this;
    if (rules.scopes.has(node.type) || rules.isScope?.(node)) {
      this.scope(node);
      return true;
    }
    if (rules.definitions.has(node.type)) {
      this.definition(node);
      return true;
    }
    if (rules.others === 'keep' || rules.isKept(node) || this.holdsDefinition(node)) {
      this.inside(node);
      return true;
    }
    return false;
  }

  private definition(node: SyntaxNode): void {
    const edit = this.rules.body(node, this.text);
    if (edit) this.edits.push({ start: edit.start, end: edit.end, replacement: edit.text });
  }

  /**
   * A kept node: the definitions and scopes inside it are compressed, the rest stays. A stack,
   * not recursion: generated code nests expressions thousands deep.
   */
  private inside(node: SyntaxNode): void {
    const stack = [...node.namedChildren].reverse();
    for (let child = stack.pop(); child; child = stack.pop()) {
      if (this.rules.scopes.has(child.type) || this.rules.isScope?.(child)) this.scope(child);
      else if (this.rules.definitions.has(child.type)) this.definition(child);
      else {
        for (let index = child.namedChildCount - 1; index >= 0; index -= 1) {
          const grandchild = child.namedChild(index);
          if (grandchild) stack.push(grandchild);
        }
      }
    }
  }

  /** True when a statement holds a definition, scope or import somewhere inside. */
  private holdsDefinition(node: SyntaxNode): boolean {
    const { definitions, scopes, imports } = this.rules;
    const cursor = node.walk();
    try {
      let depth = 0;
      for (;;) {
        const type = cursor.nodeType;
        if (depth > 0 && (definitions.has(type) || scopes.has(type) || imports.has(type))) {
          return true;
        }
        if (cursor.gotoFirstChild()) {
          depth += 1;
          continue;
        }
        for (;;) {
          if (depth === 0) return false;
          if (cursor.gotoNextSibling()) break;
          cursor.gotoParent();
          depth -= 1;
        }
      }
    } finally {
      cursor.delete();
    }
  }

  private isDirective(comment: SyntaxNode): boolean {
    return isKeptComment({
      grammar: this.grammar,
      text: comment.text,
      start: comment.startIndex,
      line: comment.startPosition.row,
      leading: comment.startIndex < this.firstCode,
    });
  }

  private dropComments(comments: readonly SyntaxNode[]): void {
    for (const comment of comments) if (!this.isDirective(comment)) this.drop(comment);
  }

  /**
   * The comments right above a kept member become the first line of its documentation; the
   * ones further up (a licence, a section banner) go.
   */
  private document(comments: readonly SyntaxNode[], next: SyntaxNode): void {
    let runStart = comments.length;
    let after = next.startIndex;
    while (runStart > 0) {
      const comment = comments[runStart - 1] as SyntaxNode;
      if (this.isDirective(comment) || !isAdjacent(this.text, comment.endIndex, after)) break;
      runStart -= 1;
      after = comment.startIndex;
    }
    this.dropComments(comments.slice(0, runStart));
    const run = comments.slice(runStart);
    const firstComment = run[0];
    const lastComment = run[run.length - 1];
    if (!firstComment || !lastComment) return;
    const texts = run.map((comment) => comment.text);
    // A licence header right above the first statement documents the file's terms, not it.
    const isLicence =
      (run[0]?.startIndex ?? 0) < this.firstCode && texts.some((text) => LICENSE_TEXT.test(text));
    const line = isLicence ? undefined : docLine(texts, this.rules.lineComment);
    if (line === undefined) {
      for (const comment of run) this.drop(comment);
      return;
    }
    this.edits.push({
      start: firstComment.startIndex,
      end: lastComment.endIndex,
      replacement: line,
    });
  }
}

/** The edits that compress a parsed file (see TreeCompressor); apply with applyEdits. */
export function compressTree(
  root: SyntaxNode,
  text: string,
  grammar: GrammarId,
  rules: CompressRules,
): TextEdit[] {
  return new TreeCompressor(text, grammar, rules).run(root);
}
