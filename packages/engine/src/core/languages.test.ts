import { describe, expect, it } from 'vitest';
import { fenceLanguageOf, languageOf } from './languages.js';

describe('languageOf', () => {
  it.each([
    ['src/index.ts', 'typescript'],
    ['types/global.d.ts', 'typescript'],
    ['a.test.mts', 'typescript'],
    ['App.tsx', 'tsx'],
    ['lib/x.cjs', 'javascript'],
    ['Button.JSX', 'jsx'],
    ['main.py', 'python'],
    ['cmd/main.go', 'go'],
    ['src/lib.rs', 'rust'],
    ['Main.java', 'java'],
    ['build.gradle.kts', 'kotlin'],
    ['x.c', 'c'],
    ['x.h', 'c'],
    ['x.hpp', 'cpp'],
    ['Program.cs', 'csharp'],
    ['app.rb', 'ruby'],
    ['index.php', 'php'],
    ['run.sh', 'shell'],
    ['site.css', 'css'],
    ['site.scss', 'scss'],
    ['index.html', 'html'],
    ['pom.xml', 'xml'],
    ['package.json', 'json'],
    ['tsconfig.json', 'jsonc'],
    ['ci.yml', 'yaml'],
    ['Cargo.toml', 'toml'],
    ['README.md', 'markdown'],
    ['schema.sql', 'sql'],
    ['App.swift', 'swift'],
    ['Main.scala', 'scala'],
    ['init.lua', 'lua'],
    ['analysis.R', 'r'],
    ['main.dart', 'dart'],
    ['Dockerfile', 'dockerfile'],
    ['docker/Dockerfile.dev', 'dockerfile'],
    ['api.dockerfile', 'dockerfile'],
    ['Makefile', 'makefile'],
    ['rules.mk', 'makefile'],
    ['CMakeLists.txt', 'cmake'],
    ['Gemfile', 'ruby'],
    ['.bashrc', 'shell'],
    ['.gitignore', 'gitignore'],
    ['.env.local', 'dotenv'],
    ['.eslintrc.json', 'json'],
    ['requirements-dev.txt', 'pip-requirements'],
    ['requirements.md', 'markdown'],
    ['notebook.ipynb', 'jupyter-notebook'],
    ['LICENSE', 'text'],
    ['notes.txt', 'text'],
    ['weird.unknownext', 'text'],
    ['constructor', 'text'],
    ['a.toString', 'text'],
  ])('%s is %s', (path, language) => {
    expect(languageOf(path)).toBe(language);
  });
});

describe('fenceLanguageOf', () => {
  it.each([
    ['a.ts', 'typescript'],
    ['a.m', 'objectivec'],
    ['nb.ipynb', 'json'],
    ['go.mod', 'go'],
    ['README', 'text'],
  ])('%s is fenced as %s', (path, tag) => {
    expect(fenceLanguageOf(path)).toBe(tag);
  });
});
