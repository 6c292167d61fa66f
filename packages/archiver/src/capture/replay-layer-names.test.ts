import { parseScript } from 'meriyah';
import { describe, expect, it } from 'vitest';
import { REPLAY_LAYER } from './replay-shim.js';

// The replay layer is one function made of many parts' source text (replay-*.ts): a function
// declared twice in one scope silently replaces the first (an import-map resolver named mapped()
// once replaced the element address mapper, and every address a script gave an element became
// 'undefined'). No name may be declared twice where one would hide the other.

type Node = { type: string } & Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function patternNames(pattern: unknown, out: string[]): void {
  if (!isNode(pattern)) return;
  if (pattern.type === 'Identifier') out.push(pattern.name as string);
  else if (pattern.type === 'ObjectPattern') for (const property of pattern.properties as Node[]) patternNames(property.type === 'RestElement' ? property.argument : property.value, out);
  else if (pattern.type === 'ArrayPattern') for (const element of pattern.elements as unknown[]) patternNames(element, out);
  else if (pattern.type === 'AssignmentPattern') patternNames(pattern.left, out);
  else if (pattern.type === 'RestElement') patternNames(pattern.argument, out);
}

/** Names declared twice in one scope: functions per block (strict mode), vars and functions per function. */
function doubleDeclarations(program: Node): string[] {
  const doubles: string[] = [];
  const walk = (node: Node, functionScope: Map<string, string>, blockFunctions: Set<string>): void => {
    const declare = (name: string, kind: 'function' | 'var', scope: Map<string, string>) => {
      const before = scope.get(name);
      if (before && (before === 'function' || kind === 'function')) doubles.push(`${name} (${before}, then ${kind})`);
      scope.set(name, kind);
    };
    if (node.type === 'FunctionDeclaration' && isNode(node.id)) {
      const name = node.id.name as string;
      if (blockFunctions.has(name)) doubles.push(`${name} (function, then function)`);
      blockFunctions.add(name);
      declare(name, 'function', functionScope);
    }
    if (node.type === 'VariableDeclaration' && node.kind === 'var') {
      for (const declarator of node.declarations as Node[]) {
        const names: string[] = [];
        patternNames(declarator.id, names);
        for (const name of names) declare(name, 'var', functionScope);
      }
    }
    const isFunction = node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
    const innerScope = isFunction ? new Map<string, string>() : functionScope;
    for (const key of Object.keys(node)) {
      const value = node[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (!isNode(child)) continue;
        // A block (a function's body too) has its own function names in strict mode.
        const innerBlock = isFunction || child.type === 'BlockStatement' ? new Set<string>() : blockFunctions;
        walk(child, innerScope, child.type === 'BlockStatement' ? innerBlock : isFunction ? new Set<string>() : blockFunctions);
      }
    }
  };
  walk(program, new Map(), new Set());
  return doubles;
}

describe('the replay layer', () => {
  it('declares no name twice in one scope', () => {
    const program = parseScript(REPLAY_LAYER, { next: true }) as unknown as Node;
    expect(doubleDeclarations(program)).toEqual([]);
  });

  it('finds a function declared twice (the check itself)', () => {
    const program = parseScript('(function () { function a() {} var b; function a(x) { return x; } function c() {} var c; })', {}) as unknown as Node;
    expect(doubleDeclarations(program)).toEqual(['a (function, then function)', 'a (function, then function)', 'c (function, then var)']);
  });
});
