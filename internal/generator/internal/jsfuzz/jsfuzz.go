// Package jsfuzz is the fuzz target the readers of JavaScript
// configurations share (Astro's, Next.js's, SvelteKit's …), on top of
// the JavaScript reader, whose own fuzz target is jsconfig's
// FuzzJSLiterals: its seeds, and the promises each reader keeps.
package jsfuzz

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/fuzzbound"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// A Read is what a reader took of a configuration named "a.js": the
// base URL, and the notes.
type Read struct {
	BaseURL string
	Notes   []string
}

var noteLine = regexp.MustCompile(`^[^:]+:(\d+): `)

// Fuzz runs, on the seeds and on what the fuzzer makes of them, read
// (each reader on data, read within limits.Default), and checks that no
// reader panics, that a file past a limit gives a note and no base URL,
// and that notes name only lines the file has.
func Fuzz(f *testing.F, read func(data []byte) []Read) {
	for _, s := range []string{
		"export default defineConfig({ site: 'https://x.org', base: '/b', build: { format: 'file' } })",
		"module.exports = { output: 'export', distDir: `out`, basePath: process.env.BP }",
		"const config = { url: 'u', baseUrl: '/' };\nexport default config;\n",
		"export const config = { dir: { output: 'dist' } }; export default function (c) { c.setOutputDirectory(`x${y}`) }",
		"`${`${`${'`'}`}`}` /re[/]/g 'a\\\n' \"b",
		"/* unclosed",
		"export default { a: 'x\n",
		"x = a / b / c; y = /[/]/; export default {...base, [k]: 1, get g() {}, 'q': .5e3}",
		"export default `${",
		"}}}))) export default ({{{ a: ",
		"#!/usr/bin/env node\nmodule.exports = { site: '\\u{1F600}\\uD83D\\uDE00\\x4' }",
		"export default async function () { return { url: 'https://a' } satisfies Config }",
		"import a from '@sveltejs/adapter-static'; export default { kit: { adapter: a({ pages: 'x', fallback: '200.html' }) } }",
		// At the limit on nesting, and past it.
		"export default { site: 'https://x.org', x: " + strings.Repeat("{a:", limits.MaxDepth-1) + "1" + strings.Repeat("}", limits.MaxDepth) + ")",
		"export default { site: 'https://x.org',\nx: " + strings.Repeat("[(", limits.MaxDepth/2) + "1 }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		defer fuzzbound.Check(t)()
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, r := range read(data) {
			// A file past a limit: nothing read, and a note says why.
			if err := jsconfig.Check("a.js", data, limits.Default); err != nil {
				if r.BaseURL != "" || !slices.Contains(r.Notes, err.Error()+"; not read") {
					t.Fatalf("%v; yet base URL %q, notes %q", err, r.BaseURL, r.Notes)
				}
			}
			for _, n := range r.Notes {
				m := noteLine.FindStringSubmatch(n)
				if m == nil {
					continue
				}
				l, err := strconv.Atoi(m[1])
				if err != nil || l < 1 {
					t.Fatalf("note %q", n)
				}
				if l > lines {
					t.Fatalf("%s: line %d of a file of %d lines", n, l, lines)
				}
			}
		}
	})
}
