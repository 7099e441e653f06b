// Finds words written straight into markup, which a Spanish page would show in English: every
// user-visible word must come from the message files. Run by literal-strings.test.ts over every
// .astro and .tsx file. It reads the code's syntax tree (Astro's own parser, TypeScript's for TSX),
// so class names, URLs and comparisons are not mistaken for words.
import { parse as parseAstro } from '@astrojs/compiler-rs';
import ts from 'typescript';

export interface LiteralFinding {
  line: number;
  text: string;
}

/** Attributes and props whose value a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'title', 'alt', 'placeholder', 'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext',
  'label', 'description', 'heading', 'text', 'message', 'summary',
]);
/** Object properties that end up on screen (a toast's title, a button's label…). */
const VISIBLE_PROPERTIES = new Set(['title', 'description', 'message', 'label', 'text', 'heading', 'summary']);
/** `<meta content>` is read by machines unless it describes the page. */
const LETTERS = /\p{L}{2,}/u;
// A sentence in code: a capital, words, and an ending. Class lists, keys and URLs never look like this.
const SENTENCE = /^\p{Lu}[^{}<>]*\s[^{}<>]*\p{Ll}[^{}<>]*[.!?…:]$/u;

function isWords(text: string): boolean {
  return LETTERS.test(text);
}

// ---- Astro: the compiler's tree is ESTree with JSX nodes for the template --------------------------

type Node = { type?: string; start?: number; [key: string]: unknown };

export function scanAstro(source: string): LiteralFinding[] {
  const findings: LiteralFinding[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const add = (node: Node, text: string) => findings.push({ line: lineOf(node.start ?? 0), text: text.trim() });
  const { ast } = parseAstro(source) as { ast: Node };

  function strings(node: Node | undefined | null, out: Node[]): void {
    if (!node) return;
    if (node.type === 'Literal' && typeof node['value'] === 'string') out.push(node);
    else if (node.type === 'TemplateLiteral') out.push(node);
    else if (node.type === 'ConditionalExpression') {
      strings(node['consequent'] as Node, out);
      strings(node['alternate'] as Node, out);
    } else if (node.type === 'LogicalExpression') strings(node['right'] as Node, out);
    else if (node.type === 'ParenthesizedExpression') strings(node['expression'] as Node, out);
  }
  const textOf = (node: Node) =>
    node.type === 'Literal' ? String(node['value']) : ((node['quasis'] as Node[]) ?? []).map((q) => (q['value'] as { cooked?: string })?.cooked ?? '').join(' ');

  function walk(node: unknown, inJsxChild: boolean): void {
    if (Array.isArray(node)) return node.forEach((child) => walk(child, inJsxChild));
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    switch (n.type) {
      case 'JSXText':
        if (isWords(String(n['value']))) add(n, String(n['value']));
        return;
      case 'JSXAttribute': {
        const name = (n['name'] as Node)?.['name'];
        const value = n['value'] as Node | null;
        if (typeof name === 'string' && VISIBLE_ATTRIBUTES.has(name) && value) {
          const found: Node[] = [];
          strings(value.type === 'JSXExpressionContainer' ? (value['expression'] as Node) : value, found);
          for (const literal of found) if (isWords(textOf(literal))) add(literal, textOf(literal));
        }
        if (value?.type === 'JSXExpressionContainer') walk(value['expression'], false);
        return;
      }
      case 'JSXExpressionContainer': {
        if (inJsxChild) {
          const found: Node[] = [];
          strings(n['expression'] as Node, found);
          for (const literal of found) if (isWords(textOf(literal))) add(literal, textOf(literal));
        }
        walk(n['expression'], false);
        return;
      }
      case 'JSXElement':
      case 'JSXFragment':
        walk(n['openingElement'], false);
        walk(n['children'], true);
        return;
      case 'Literal':
        if (typeof n['value'] === 'string' && SENTENCE.test(n['value'])) add(n, n['value']);
        return;
      case 'Property':
        if (isVisibleProperty((n['key'] as Node)?.['name'] ?? (n['key'] as Node)?.['value'], n['value'] as Node, textOf)) {
          add(n['value'] as Node, textOf(n['value'] as Node));
          return;
        }
        break;
      case 'AstroScript':
      case 'AstroStyle':
        return;
      case 'CallExpression':
      case 'NewExpression':
        // A log line or an Error for operators is not on screen.
        if (isOperatorText(n['callee'] as Node)) return;
        break;
    }
    for (const key of Object.keys(n)) if (key !== 'type' && key !== 'start' && key !== 'end') walk(n[key], false);
  }
  walk(ast, false);
  return findings;
}

function isOperatorText(callee: Node | undefined): boolean {
  if (!callee) return false;
  if (callee.type === 'Identifier') return /Error$/.test(String(callee['name']));
  const object = callee['object'] as Node | undefined;
  return callee.type === 'MemberExpression' && object?.type === 'Identifier' && ['console', 'log'].includes(String(object['name']));
}

function isVisibleProperty(name: unknown, value: Node | undefined, textOf: (node: Node) => string): boolean {
  if (typeof name !== 'string' || !VISIBLE_PROPERTIES.has(name) || !value) return false;
  return (value.type === 'Literal' && typeof value['value'] === 'string' || value.type === 'TemplateLiteral') && isWords(textOf(value));
}

// ---- TSX: TypeScript's own parser ---------------------------------------------------------------

export function scanTsx(source: string, fileName = 'component.tsx'): LiteralFinding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: LiteralFinding[] = [];
  const add = (node: ts.Node, text: string) =>
    findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  const textOf = (node: ts.Node): string | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    return undefined;
  };
  const strings = (node: ts.Node | undefined, out: ts.Node[]): void => {
    if (!node) return;
    if (textOf(node) !== undefined) out.push(node);
    else if (ts.isConditionalExpression(node)) {
      strings(node.whenTrue, out);
      strings(node.whenFalse, out);
    } else if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken
      || node.operatorToken.kind === ts.SyntaxKind.BarBarToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) {
      strings(node.right, out);
    } else if (ts.isParenthesizedExpression(node)) strings(node.expression, out);
  };
  const report = (candidates: ts.Node[]) => {
    for (const literal of candidates) {
      const text = textOf(literal) ?? '';
      if (isWords(text)) add(literal, text);
    }
  };

  function visit(node: ts.Node): void {
    if (ts.isJsxText(node)) {
      if (isWords(node.text)) add(node, node.text);
      return;
    }
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(file);
      if (VISIBLE_ATTRIBUTES.has(name)) {
        const found: ts.Node[] = [];
        strings(ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer, found);
        report(found);
      }
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const found: ts.Node[] = [];
      strings(node.expression, found);
      report(found);
    } else if (ts.isPropertyAssignment(node) && VISIBLE_PROPERTIES.has(node.name.getText(file))) {
      const found: ts.Node[] = [];
      strings(node.initializer, found);
      report(found);
    } else if (ts.isStringLiteral(node) && SENTENCE.test(node.text) && !isConsoleArgument(node)) {
      add(node, node.text);
    }
    ts.forEachChild(node, visit);
  }
  visit(file);
  // One literal can be reached by two rules (a sentence that is also a title): report it once.
  return [...new Map(findings.map((finding) => [`${finding.line}:${finding.text}`, finding])).values()];
}

function isConsoleArgument(node: ts.Node): boolean {
  const call = node.parent;
  return (ts.isCallExpression(call) || ts.isNewExpression(call)) && /^console\.|^log\.|Error$/.test(call.expression.getText());
}
