import type { GrammarId } from '../../grammars.js';

/**
 * One hard case per shipped grammar for the compression tests: nested classes, decorators,
 * generics, overloads, async functions, lambdas, JSX. `kept` must survive compression, `gone`
 * (text from bodies and statements that run) must not.
 */
export interface CompressSample {
  readonly language: string;
  readonly text: string;
  readonly kept: readonly string[];
  readonly gone: readonly string[];
}

export const COMPRESS_SAMPLES: Readonly<Record<GrammarId, CompressSample>> = {
  typescript: {
    language: 'typescript',
    text: `import { EventEmitter } from 'node:events';
import type { Options } from './options.js';

/**
 * Parses a value.
 * Longer explanation that goes.
 */
export function parse<T extends object = {}>(input: string): T;
export function parse(input: string, strict: boolean): unknown;
export function parse(input: string, strict = false): unknown {
  const trimmed = input.trim();
  return strict ? JSON.parse(trimmed) : trimmed;
}

export const load = async <T,>(path: string): Promise<T> => {
  const text = await readFile(path);
  return parse(text);
};

@Injectable({ scope: 'request' })
export class Store<K, V> extends EventEmitter implements Iterable<[K, V]> {
  private readonly items = new Map<K, V>();
  static Inner = class {
    method(): number {
      return 42;
    }
  };

  /** Adds an item. */
  @Log()
  async add(key: K, value: V): Promise<void> {
    this.items.set(key, value);
    this.emit('added', key);
  }

  *[Symbol.iterator](): Iterator<[K, V]> {
    yield* this.items;
  }
}

export interface Shape { area(): number }
export type Id = string | number;
export enum Kind { A = 'a', B = 'b' }
declare global { interface Window { store: Store<string, number> } }
export namespace Geometry {
  export function area(r: number): number {
    return Math.PI * r * r;
  }
}
const handlers = { onClick: (event: Event) => { event.preventDefault(); } };
console.log('side effect at load');
`,
    kept: [
      "import { EventEmitter } from 'node:events';",
      '/** Parses a value. */',
      'export function parse<T extends object = {}>(input: string): T;',
      'export function parse(input: string, strict = false): unknown { /* ... */ }',
      'export const load = async <T,>(path: string): Promise<T> => { /* ... */ };',
      "@Injectable({ scope: 'request' })",
      'private readonly items = new Map<K, V>();',
      'method(): number { /* ... */ }',
      '/** Adds an item. */\n  @Log()\n  async add(key: K, value: V): Promise<void> { /* ... */ }',
      '*[Symbol.iterator](): Iterator<[K, V]> { /* ... */ }',
      'export interface Shape { area(): number }',
      "export enum Kind { A = 'a', B = 'b' }",
      'export function area(r: number): number { /* ... */ }',
      'onClick: (event: Event) => { /* ... */ }',
    ],
    gone: [
      'Longer explanation',
      'JSON.parse',
      'this.items.set',
      'Math.PI',
      'side effect',
      'return 42',
    ],
  },
  tsx: {
    language: 'tsx',
    text: `import React, { useState } from 'react';

interface Props<T> { items: T[]; render: (item: T) => JSX.Element }

/** A generic list. */
export function List<T>({ items, render }: Props<T>) {
  const [open, setOpen] = useState(false);
  return (
    <ul onClick={() => setOpen(!open)}>
      {items.map((item) => <li>{render(item)}</li>)}
    </ul>
  );
}

export const Badge = ({ label }: { label: string }) => (
  <span className="badge">
    {label}
  </span>
);
`,
    kept: [
      "import React, { useState } from 'react';",
      'interface Props<T> { items: T[]; render: (item: T) => JSX.Element }',
      '/** A generic list. */\nexport function List<T>({ items, render }: Props<T>) { /* ... */ }',
      'export const Badge = ({ label }: { label: string }) => { /* ... */ };',
    ],
    gone: ['useState(false)', '<ul', 'className'],
  },
  javascript: {
    language: 'jsx',
    text: `'use strict';
const path = require('node:path');

(function (root, factory) {
  if (typeof define === 'function') define([], factory);
  else root.lib = factory();
})(this, function () {
  /** Joins parts. */
  function join(a, b) {
    return path.join(a, b);
  }
  class Widget {
    static create() { return new Widget(); }
    render = () => <div className="w">{join('a', 'b')}</div>;
  }
  return { join, Widget };
});

module.exports.helper = async function helper(x) {
  await x;
};
`,
    kept: [
      "const path = require('node:path');",
      '(function (root, factory) { /* ... */ })(this, function () {',
      'function join(a, b) { /* ... */ }',
      'static create() { /* ... */ }',
      "render = () => <div className=\"w\">{join('a', 'b')}</div>;",
      'module.exports.helper = async function helper(x) { /* ... */ };',
    ],
    gone: ['path.join(a, b)', 'new Widget()', 'await x'],
  },
  python: {
    language: 'python',
    text: `"""Geometry helpers.

A longer module description.
"""
from __future__ import annotations
import math
from typing import Callable, Generic, TypeVar

T = TypeVar("T")
SQUARE: Callable[[float], float] = lambda x: x * x


@dataclass(frozen=True)
class Shape(Generic[T]):
    """A shape.

    Details that go.
    """

    sides: int = 0

    class Meta:
        ordering = ["sides"]

        def describe(self):
            return "meta"

    @property
    def name(self) -> str:
        # the name is the class name
        return type(self).__name__

    async def area(self, *, scale: float = 1.0) -> float:
        '''Area of the shape.'''
        return math.pi * scale


def helper(x): return x + 1


class Empty:
    print("side effect")


if __name__ == "__main__":
    print(Shape().name)
`,
    kept: [
      '"""Geometry helpers."""',
      'from __future__ import annotations',
      'T = TypeVar("T")',
      'SQUARE: Callable[[float], float] = lambda x: x * x',
      '@dataclass(frozen=True)\nclass Shape(Generic[T]):\n    """A shape."""',
      'sides: int = 0',
      'class Meta:\n        ordering = ["sides"]',
      'def describe(self):\n            ...',
      '@property\n    def name(self) -> str:\n        ...',
      "async def area(self, *, scale: float = 1.0) -> float:\n        '''Area of the shape.'''\n        ...",
      'def helper(x): ...',
      'class Empty:\n    ...',
    ],
    gone: [
      'longer module',
      'Details that go',
      'the name is',
      '__name__ ==',
      'math.pi',
      'side effect',
    ],
  },
  go: {
    language: 'go',
    text: `//go:build linux

// Package store keeps things.
package store

import (
	"fmt"
	"sync"
)

// Store is a generic map.
// It is safe for concurrent use.
type Store[K comparable, V any] struct {
	mu    sync.Mutex
	items map[K]V
}

// Get returns a value.
func (s *Store[K, V]) Get(key K) (V, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.items[key]
	return v, ok
}

var Default = func() *Store[string, int] {
	fmt.Println("init")
	return &Store[string, int]{}
}()

const Version = "1.0"
`,
    kept: [
      '//go:build linux',
      '// Package store keeps things.\npackage store',
      '"sync"',
      '// Store is a generic map.\ntype Store[K comparable, V any] struct {',
      '// Get returns a value.\nfunc (s *Store[K, V]) Get(key K) (V, bool) { /* ... */ }',
      'var Default = func() *Store[string, int] { /* ... */ }()',
      'const Version = "1.0"',
    ],
    gone: ['concurrent use', 's.mu.Lock()', 'fmt.Println'],
  },
  java: {
    language: 'java',
    text: `package com.example;

import java.util.List;

/**
 * A repository.
 * @param <T> the type
 */
@Repository
public class Repo<T extends Comparable<T>> implements Iterable<T> {
  private final List<T> items = new ArrayList<>();

  public Repo() {
    super();
  }

  @Override
  public <R> List<R> map(java.util.function.Function<T, R> fn) {
    return items.stream().map(x -> fn.apply(x)).toList();
  }

  static class Node<T> {
    T value;
    Node<T> next() { return null; }
  }

  enum State { OPEN, CLOSED; boolean isOpen() { return this == OPEN; } }

  record Pair(int a, int b) {
    Pair {
      if (a > b) throw new IllegalArgumentException();
    }
  }
}
`,
    kept: [
      'package com.example;',
      '/** A repository. */\n@Repository\npublic class Repo<T extends Comparable<T>> implements Iterable<T> {',
      'private final List<T> items = new ArrayList<>();',
      'public Repo() { /* ... */ }',
      '@Override\n  public <R> List<R> map(java.util.function.Function<T, R> fn) { /* ... */ }',
      'Node<T> next() { /* ... */ }',
      'boolean isOpen() { /* ... */ }',
      'Pair { /* ... */ }',
    ],
    gone: ['@param', 'items.stream()', 'IllegalArgumentException'],
  },
  rust: {
    language: 'rust',
    text: `//! A crate.
use std::fmt;

/// A point.
/// With more words.
#[derive(Debug, Clone)]
pub struct Point<T> { x: T, y: T }

impl<T: fmt::Display> fmt::Display for Point<T> {
    /// Formats it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

pub trait Shape {
    fn area(&self) -> f64;
    fn describe(&self) -> String { format!("{}", self.area()) }
}

pub async fn fetch<'a>(url: &'a str) -> Result<String, Box<dyn std::error::Error>> where 'a: 'static {
    let body = reqwest::get(url).await?.text().await?;
    Ok(body)
}

mod tests {
    #[test]
    fn works() { assert_eq!(2 + 2, 4); }
}
`,
    kept: [
      'use std::fmt;',
      '/// A point.\n#[derive(Debug, Clone)]\npub struct Point<T> { x: T, y: T }',
      "/// Formats it.\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { /* ... */ }",
      'fn area(&self) -> f64;',
      'fn describe(&self) -> String { /* ... */ }',
      "pub async fn fetch<'a>(url: &'a str) -> Result<String, Box<dyn std::error::Error>> where 'a: 'static { /* ... */ }",
      '#[test]\n    fn works() { /* ... */ }',
    ],
    gone: ['With more words', 'write!', 'reqwest', 'assert_eq'],
  },
  c: {
    language: 'c',
    text: `#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Counts things.
 * More. */
static int count(const char *s, int (*pred)(char)) {
  int n = 0;
  for (; *s; s++) if (pred(*s)) n++;
  return n;
}

struct list { struct list *next; int value; };
typedef struct list list_t;
int sum(list_t *l);

#ifdef DEBUG
void trace(const char *msg) { fprintf(stderr, "%s\\n", msg); }
#else
void trace(const char *msg) { (void)msg; }
#endif
`,
    kept: [
      '#include <stdio.h>',
      '#define MAX(a, b)',
      '/* Counts things. */\nstatic int count(const char *s, int (*pred)(char)) { /* ... */ }',
      'struct list { struct list *next; int value; };',
      'int sum(list_t *l);',
      '#ifdef DEBUG\nvoid trace(const char *msg) { /* ... */ }\n#else\nvoid trace(const char *msg) { /* ... */ }\n#endif',
    ],
    gone: ['n++', 'fprintf', '(void)msg'],
  },
  cpp: {
    language: 'cpp',
    text: `#include <vector>

namespace geo {
/// A shape.
template <typename T>
class Shape : public Base {
 public:
  explicit Shape(T size) : size_(size) { validate(); }
  virtual ~Shape() = default;
  [[nodiscard]] T area() const { return size_ * size_; }
  auto scaled(T k) const -> Shape { return Shape(size_ * k); }
  class Inner { void run() { std::cout << 1; } };
 private:
  T size_;
};

template <typename T>
T Shape<T>::perimeter() const {
  return 4 * size_;
}

auto square = [](int x) { return x * x; };
}  // namespace geo

int main() { return 0; }
`,
    kept: [
      '#include <vector>',
      '/// A shape.\ntemplate <typename T>\nclass Shape : public Base {',
      'explicit Shape(T size) : size_(size) { /* ... */ }',
      'virtual ~Shape() = default;',
      '[[nodiscard]] T area() const { /* ... */ }',
      'auto scaled(T k) const -> Shape { /* ... */ }',
      'class Inner { void run() { /* ... */ } };',
      'T size_;',
      'T Shape<T>::perimeter() const { /* ... */ }',
      'auto square = [](int x) { /* ... */ };',
      'int main() { /* ... */ }',
    ],
    gone: ['validate()', 'std::cout', '4 * size_', 'x * x;'],
  },
  c_sharp: {
    language: 'csharp',
    text: `using System;
using System.Threading.Tasks;

namespace Shop
{
    /// <summary>An order.</summary>
    [Serializable]
    public sealed class Order<T> where T : IItem
    {
        public int Id { get; init; }
        public decimal Total
        {
            get { return items.Sum(i => i.Price); }
        }
        private readonly List<T> items = new();

        public Order(int id) { Id = id; }

        public async Task<bool> SaveAsync(IStore store) => await store
            .Save(this);

        public T this[int index] => items[index];

        public static Order<T> operator +(Order<T> a, T item) { a.items.Add(item); return a; }
    }

    public interface IStore { Task<bool> Save(object o); }
    public enum Status { New, Paid }
    public record Line(string Sku, int Qty);
}
`,
    kept: [
      'using System.Threading.Tasks;',
      '/// <summary>An order.</summary>\n    [Serializable]\n    public sealed class Order<T> where T : IItem',
      'public int Id { get; init; }',
      'get { /* ... */ }',
      'public Order(int id) { /* ... */ }',
      'public async Task<bool> SaveAsync(IStore store) => throw null;',
      'public static Order<T> operator +(Order<T> a, T item) { /* ... */ }',
      'public interface IStore { Task<bool> Save(object o); }',
      'public enum Status { New, Paid }',
      'public record Line(string Sku, int Qty);',
    ],
    gone: ['items.Sum', 'Id = id', 'store\n', 'a.items.Add'],
  },
  ruby: {
    language: 'ruby',
    text: `# frozen_string_literal: true
require 'json'

# A cache.
# Keeps values.
class Cache < Base
  include Enumerable
  attr_reader :size
  DEFAULT = 10

  def initialize(size = DEFAULT)
    @size = size
    @items = {}
  end

  def self.build(**opts, &block)
    new(**opts).tap(&block)
  end

  def each
    @items.each { |k, v| yield k, v }
  end

  class Entry
    def expired? = false
  end

  private

  def evict; @items.shift; end
end

puts Cache.new.size
`,
    kept: [
      '# frozen_string_literal: true',
      "require 'json'",
      '# A cache.\nclass Cache < Base',
      'include Enumerable',
      'attr_reader :size',
      'DEFAULT = 10',
      'def initialize(size = DEFAULT)\n    # ...\n  end',
      'def self.build(**opts, &block)\n    # ...\n  end',
      'def expired? = false',
      'private',
      'def evict\n    # ...\n  end',
    ],
    gone: ['Keeps values', '@items = {}', 'yield k, v', 'puts'],
  },
  php: {
    language: 'php',
    text: `<?php
declare(strict_types=1);

namespace App\\Models;

use Illuminate\\Support\\Collection;

/**
 * A user.
 * @property string $name
 */
#[Entity]
final class User extends Model implements \\JsonSerializable
{
    use HasFactory;

    public const TABLE = 'users';
    private ?string $email = null;

    public function __construct(private readonly string $name) {
        parent::__construct();
    }

    public static function find(int $id): ?static
    {
        return static::query()->where('id', $id)->first();
    }

    public function jsonSerialize(): mixed { return ['name' => $this->name]; }
}

function helper(callable $fn = null): Collection { return collect([fn($x) => $x * 2]); }

echo "loaded";
`,
    kept: [
      'declare(strict_types=1);',
      'use Illuminate\\Support\\Collection;',
      '/** A user. */\n#[Entity]\nfinal class User extends Model implements \\JsonSerializable',
      'use HasFactory;',
      "public const TABLE = 'users';",
      'public function __construct(private readonly string $name) { /* ... */ }',
      'public static function find(int $id): ?static\n    { /* ... */ }',
      'function helper(callable $fn = null): Collection { /* ... */ }',
    ],
    gone: ['@property', 'parent::__construct', 'static::query', 'echo'],
  },
  bash: {
    language: 'shell',
    text: `#!/usr/bin/env bash
set -euo pipefail
source "$(dirname "$0")/lib.sh"
readonly VERSION=1.2
LOG_LEVEL=\${LOG_LEVEL:-info}

# Prints usage.
# More help.
usage() {
  cat <<EOF
usage: tool [-h]
EOF
}

function main {
  local arg
  for arg in "$@"; do
    case "$arg" in
      -h) usage ;;
    esac
  done
}

main "$@"
`,
    kept: [
      '#!/usr/bin/env bash',
      'source "$(dirname "$0")/lib.sh"',
      'readonly VERSION=1.2',
      'LOG_LEVEL=${LOG_LEVEL:-info}',
      '# Prints usage.\nusage() { : ...; }',
      'function main { : ...; }',
    ],
    gone: ['More help', 'cat <<EOF', 'for arg', 'main "$@"'],
  },
  css: {
    language: 'css',
    text: `@charset "utf-8";
@import url("base.css");

/* Buttons.
   All of them. */
.button, a.button:hover > span::before {
  color: var(--fg);
  padding: 4px 8px;
}

@media (max-width: 600px) and (prefers-color-scheme: dark) {
  .button { padding: 2px; }
}

@keyframes spin {
  from { transform: rotate(0deg); }
  to { transform: rotate(360deg); }
}

@font-face { font-family: "X"; src: url(x.woff2); }
`,
    kept: [
      '@import url("base.css");',
      '/* Buttons. */\n.button, a.button:hover > span::before { /* ... */ }',
      '@media (max-width: 600px) and (prefers-color-scheme: dark) {\n  .button { /* ... */ }\n}',
      '@keyframes spin { /* ... */ }',
      '@font-face { /* ... */ }',
    ],
    gone: ['All of them', 'var(--fg)', 'rotate(', 'x.woff2'],
  },
  html: {
    language: 'html',
    text: `<!DOCTYPE html>
<html lang="en">
<head>
  <style>
    body { margin: 0; }
  </style>
  <script type="module">
    import { start } from './app.js';
    start();
  </script>
</head>
<body>
  <main id="app"><h1>Title</h1></main>
  <script src="x.js"></script>
</body>
</html>
`,
    kept: [
      '<!DOCTYPE html>',
      '<style>/* ... */</style>',
      '<script type="module">/* ... */</script>',
      '<main id="app"><h1>Title</h1></main>',
      '<script src="x.js"></script>',
    ],
    gone: ['margin: 0', 'start();'],
  },
  scala: {
    language: 'scala',
    text: `package shop

import scala.concurrent.Future

/** A cart.
  * Holds items.
  */
case class Cart[A <: Item](items: List[A]) extends Serializable {
  val size: Int = items.length
  def total(implicit tax: Tax): BigDecimal = items.map(_.price).sum * tax.rate
  def add(item: A): Cart[A] = {
    copy(items = item :: items)
  }
  def checkout(): Future[Receipt] =
    Future.successful(
      Receipt(total(Tax.default)))
}

object Cart {
  def empty[A <: Item]: Cart[A] = Cart(Nil)
}

trait Priced { def price: BigDecimal }
`,
    kept: [
      'import scala.concurrent.Future',
      '/** A cart. */\ncase class Cart[A <: Item](items: List[A]) extends Serializable {',
      'val size: Int = items.length',
      'def total(implicit tax: Tax): BigDecimal = items.map(_.price).sum * tax.rate',
      'def add(item: A): Cart[A] = { /* ... */ }',
      'def checkout(): Future[Receipt] =\n    ???',
      'def empty[A <: Item]: Cart[A] = Cart(Nil)',
      'trait Priced { def price: BigDecimal }',
    ],
    gone: ['Holds items', 'copy(items', 'Future.successful'],
  },
  kotlin: {
    language: 'kotlin',
    text: `package shop

import kotlinx.coroutines.delay

/**
 * A cart.
 * Holds items.
 */
@Serializable
data class Cart<T : Item>(val items: List<T>) : Priced {
    val size get() = items.size
    override fun price(): Double = items.sumOf { it.price }
    suspend fun checkout(retries: Int = 3): Receipt {
        delay(100)
        return Receipt(price())
    }
    fun describe() =
        "cart of " +
            size
    companion object {
        fun empty(): Cart<Nothing> { return Cart(emptyList()) }
    }
}

fun <T> List<T>.second(): T = this[1]
`,
    kept: [
      'import kotlinx.coroutines.delay',
      '/** A cart. */\n@Serializable\ndata class Cart<T : Item>(val items: List<T>) : Priced {',
      'override fun price(): Double = items.sumOf { it.price }',
      'suspend fun checkout(retries: Int = 3): Receipt { /* ... */ }',
      'fun describe() = TODO()',
      'fun empty(): Cart<Nothing> { /* ... */ }',
      'fun <T> List<T>.second(): T = this[1]',
    ],
    gone: ['Holds items', 'delay(100)', '"cart of "', 'emptyList'],
  },
  lua: {
    language: 'lua',
    text: `local json = require("json")
local M = {}

--- Encodes a value.
-- More words.
function M.encode(value, opts)
  opts = opts or {}
  return json.encode(value)
end

local function helper(...)
  return select("#", ...)
end

M.decode = function(text) return json.decode(text) end

print("loaded")
return M
`,
    kept: [
      'local json = require("json")',
      'local M = {}',
      '--- Encodes a value.\nfunction M.encode(value, opts) --[[ ... ]] end',
      'local function helper(...) --[[ ... ]] end',
      'M.decode = function(text) --[[ ... ]] end',
      'return M',
    ],
    gone: ['More words', 'opts or {}', 'select("#"', 'print'],
  },
  haskell: {
    language: 'haskell',
    text: `module Geometry (Shape (..), area) where

import qualified Data.Map as Map

-- | A shape.
-- With more words.
data Shape = Circle Double | Square Double
  deriving (Show, Eq)

class HasArea a where
  area :: a -> Double

instance HasArea Shape where
  area (Circle r) = pi * r * r
  area (Square s) =
    let d = s
     in d * d

-- | Scales a shape.
scale :: Double -> Shape -> Shape
scale k shape = case shape of
  Circle r -> Circle (k * r)
  Square s -> Square (k * s)

main :: IO ()
main = print (area (Circle 1))
`,
    kept: [
      'import qualified Data.Map as Map',
      'data Shape = Circle Double | Square Double',
      'area :: a -> Double',
      'area (Circle r) = pi * r * r',
      'area (Square s) = undefined',
      '-- | Scales a shape.\nscale :: Double -> Shape -> Shape',
      'scale k shape = undefined',
      'main = print (area (Circle 1))',
    ],
    gone: ['let d = s', 'Circle (k * r)'],
  },
  zig: {
    language: 'zig',
    text: `const std = @import("std");

/// A stack.
/// Grows.
pub fn Stack(comptime T: type) type {
    return struct {
        items: []T,
        pub fn push(self: *@This(), item: T) !void {
            _ = self;
            _ = item;
        }
    };
}

pub const Point = struct {
    x: f32,
    y: f32,

    /// Length.
    pub fn len(self: Point) f32 {
        return @sqrt(self.x * self.x + self.y * self.y);
    }
};

test "push" {
    try std.testing.expect(true);
}
`,
    kept: [
      'const std = @import("std");',
      '/// A stack.\npub fn Stack(comptime T: type) type {\n    // ...\n}',
      'x: f32,',
      '/// Length.\n    pub fn len(self: Point) f32 {\n        // ...\n    }',
      'test "push" {\n    // ...\n}',
    ],
    gone: ['Grows', '@sqrt', 'std.testing.expect'],
  },
  json: {
    language: 'json',
    text: '{\n  "name": "x",\n  "scripts": { "test": "vitest" }\n}\n',
    kept: ['"scripts": { "test": "vitest" }'],
    gone: [],
  },
  yaml: {
    language: 'yaml',
    text: 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n',
    kept: ['runs-on: ubuntu-latest'],
    gone: [],
  },
  toml: {
    language: 'toml',
    text: '[package]\nname = "x"\n\n[dependencies]\nserde = "1"\n',
    kept: ['serde = "1"'],
    gone: [],
  },
  hcl: {
    language: 'terraform',
    text: 'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n  tags = { env = "dev" }\n}\n',
    kept: ['tags = { env = "dev" }'],
    gone: [],
  },
  make: {
    language: 'makefile',
    text: `include config.mk
CC ?= cc
CFLAGS := -O2 -Wall

# Builds everything.
all: app lib ## the default

app: main.o util.o
	$(CC) $(CFLAGS) -o $@ $^
	@echo built

%.o: %.c
	$(CC) -c $< -o $@

.PHONY: all clean
clean:
	rm -f *.o app
`,
    kept: [
      'include config.mk',
      'CFLAGS := -O2 -Wall',
      '# Builds everything.\nall: app lib',
      'app: main.o util.o\n',
      '%.o: %.c\n',
      '.PHONY: all clean',
      'clean:\n',
    ],
    gone: ['$(CC) $(CFLAGS)', '@echo built', 'rm -f'],
  },
};
