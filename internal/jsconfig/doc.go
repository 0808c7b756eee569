// Package jsconfig reads the literal values of a JavaScript or TypeScript
// configuration file (astro.config.mjs, docusaurus.config.js,
// next.config.js, .eleventy.js) without running it.
//
// # How it reads
//
// A tokenizer skips comments and reads string, template and regular
// expression literals whole; a parser finds the object literals the file
// exports (export default …, module.exports = …, export const config =
// …, through calls such as defineConfig({…}) and declarations such as
// const config = {…}; export default config) and records each `key:
// value` pair with its path (build.format, dir.output) and line. A value
// is taken only when it is a literal: a string, a template without ${},
// true, false, a number, null or undefined. A value that calls a named
// function, adapter({ pages: 'dist' }), is read as a call
// ([Reader.Callee]), and the keys of the object literal it is given are
// read under the key with "()" appended: kit.adapter().pages. The file's
// default imports (import adapter from '…', require) are kept by name
// ([Reader.Import]). A conditional expression of literals (cond ?
// 'export' : undefined) is read as the values it may be
// ([Reader.Choices]), its condition never evaluated.
//
// # Notes
//
// A [Reader] answers lookups by path and, for a value it cannot take (an
// expression, a spread, a value set twice to different things), keeps a
// note saying why, in the form "file:line: message" ("file: message"
// without a line). [Reader.Notes] returns them in the order they were
// made.
//
// # Keys and calls
//
// Every key of an object literal is read, whatever syntax gives it: a
// method, async, a generator's, a getter or setter, ['name'] (a value that
// is no literal). A spread or a computed key goes to [Reader.Unread]. A
// name declared as an object literal is read where a property gives it
// (starlight({ locales }) after export const locales = {…}). A function's
// value is read only where it returns literals ([Reader.Returned]), or
// filters its list by literal strings ([Reader.Filter]).
//
// # Held to a real lexer
//
// FuzzLexAgainstTdewolff compares its tokens with the lexer of
// github.com/tdewolff/parse/v2/js, and its regular expressions with that
// library's parser. library_test.go measures why the readers keep this
// lexer rather than the library's AST: the parser refuses a third of the
// TypeScript fixtures, bounds neither nesting nor nodes, and builds an AST
// of 1 MB of code in 1.9 times the lexer's time.
package jsconfig
