// Package sscli is static-sitemap-cli as a peer: the options of its
// command line in a package.json script (Args reads them) and of its
// settings file, their rows, what is kept of its defaults, and init's
// steps to switch from it. It goes with no generator, so it has a folder
// of its own below internal/peer; the registry lists Peer.
package sscli

import (
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// Tool is static-sitemap-cli, by its package's name.
const Tool peer.Tool = "static-sitemap-cli"

// Peer is static-sitemap-cli (2.x; -m, -n, -l, -t, -s, -o of 1.x too):
// the flags of its command in a package.json script, under its settings
// file's. Its switch runs sitemapgen where the script ran it, deletes
// its settings file, and uninstalls it.
var Peer = &peer.Def{
	Tool: Tool,
	Options: []peer.Option{
		{Tool: Tool, Name: "base", Does: "--base-url", Map: peer.BaseURL},
		{Tool: Tool, Name: "BASEURL", Does: "--base-url (version 1's argument)", Map: peer.BaseURL},
		{Tool: Tool, Name: "root", Does: "the site folder (DIR)", Map: root},
		{Tool: Tool, Name: "ignore", Does: "--exclude", Map: ignore},
		{Tool: Tool, Name: "match", Does: "--include and --exclude (! globs)", Map: match},
		{Tool: Tool, Name: "changefreq", Does: "rules: (the last pair that matches wins there, the first here: reversed); a glob of every page: --changefreq", Map: pairs("changefreq")},
		{Tool: Tool, Name: "priority", Does: "rules: (reversed, as changefreq); a glob of every page: --priority", Map: pairs("priority")},
		{Tool: Tool, Name: "robots", Does: "warned: noindex pages are always left out", Map: robots},
		{Tool: Tool, Name: "concurrent", Does: "honoured: sitemapgen reads pages in parallel", Map: peer.Honours("sitemapgen reads the pages in parallel itself")},
		{Tool: Tool, Name: "clean", Does: "--clean-urls; its default, clean URLs without a slash, kept (clean_urls: true, trailing_slash: false)", Map: clean},
		{Tool: Tool, Name: "slash", Does: "--trailing-slash (folders; pages as the host serves them)", Map: slash},
		{Tool: Tool, Name: "format", Does: "--text for txt and both (its default)", Map: format},
		{Tool: Tool, Name: "text", Does: "--text", Map: text},
		{Tool: Tool, Name: "stdout", Does: "redirected to a file by the script (> site/map.xml): --filename, and --out for a folder out of the site folder; else honoured: sitemapgen writes files, --dry-run prints", Map: stdout},
		{Tool: Tool, Name: "verbose", Does: "--verbose", Map: peer.Honours("give --verbose to sitemapgen when you want every page's fate")},
		{Tool: Tool, Name: "save", Does: "honoured: sitemapgen writes files", Map: peer.Honours("sitemapgen writes its files into the site folder")},
		{Tool: Tool, Name: "output-dir", Does: "--out", Map: outputDir},
		{Tool: Tool, Name: "follow-noindex", Does: "honoured: noindex pages are always left out", Map: peer.Honours("sitemapgen always leaves noindex pages out")},
	},
	Finish: finish,
	Steps:  peer.Steps{Replace: []string{"sscli", "static-sitemap-cli"}, Where: "where the script ran static-sitemap-cli", NPM: true, TurnOff: turnOff},
}

// turnOff: static-sitemap-cli's settings file of its own goes with it.
func turnOff(c peer.Config) string {
	if len(c.NamedIn) > 0 {
		return "delete " + diag.Excerpt(c.NamedIn[0]) + ", static-sitemap-cli's settings, which sitemap.yaml carries"
	}
	return ""
}

// static-sitemap-cli's command line. Version 2 (sscli -b URL -r dist -c
// 'blog/**,daily'): -b, -r, -i GLOB..., -c GLOB,FREQ..., -p GLOB,P...,
// --no-robots, --concurrent N, --no-clean, --slash, -f, --format
// xml|txt|both (default both: sitemap.xml and sitemap.txt), -o,
// --stdout, -v. Version 1 (sscli URL -r dist -s): the base URL an argument, -m
// GLOB (! leaves out), -c and -p with GLOB=VALUE, -n (--no-clean), -l
// (--slash), -t (--text), -s (--save), -o DIR, --follow-noindex. A
// pair's later entry overrides an earlier one (its README: "Latter
// entries will override the former"): the last pair whose glob matches a
// page wins.

// flags are static-sitemap-cli's flags by their spellings: the option
// each gives, and whether it takes values: 0 none, 1 one, 2 several (a
// variadic option of version 2 takes the arguments up to the next flag).
// Made when first read, not when sitemapgen starts (TestStartHeap).
var flags = sync.OnceValue(func() map[string]cliFlag {
	return map[string]cliFlag{
		"-b": {"base", 1}, "--base": {"base", 1},
		"-r": {"root", 1}, "--root": {"root", 1},
		"-i": {"ignore", 2}, "--ignore": {"ignore", 2},
		"-m": {"match", 2}, "--match": {"match", 2},
		"-c": {"changefreq", 2}, "--changefreq": {"changefreq", 2},
		"-p": {"priority", 2}, "--priority": {"priority", 2},
		"--no-robots":  {"robots", 0},
		"--concurrent": {"concurrent", 1},
		"--no-clean":   {"clean", 0}, "-n": {"clean", 0},
		"--slash": {"slash", 0}, "-l": {"slash", 0},
		"--format": {"format", 1}, "-f": {"format", 1},
		"--stdout": {"stdout", 0},
		"-v":       {"verbose", 0}, "--verbose": {"verbose", 0},
		"-t": {"text", 0}, "--text": {"text", 0},
		"-s": {"save", 0}, "--save": {"save", 0},
		"-o": {"output-dir", 1}, "--output-dir": {"output-dir", 1},
		"--follow-noindex": {"follow-noindex", 0},
	}
})

// cliFlag is a flag of flags: the option it gives and the values it takes.
type cliFlag struct {
	name  string
	takes int
}

// Args returns the options of a static-sitemap-cli command line
// (the arguments after sscli or static-sitemap-cli), in the order given,
// each once: a repeated option's values gathered in a list. line is the
// line of the file that holds the command.
func Args(args []string, line int) []peer.Given {
	var out []peer.Given
	add := func(name string, v any) {
		for i := range out {
			if out[i].Name == name {
				if l, ok := out[i].Value.([]any); ok {
					out[i].Value = append(l, v.([]any)...)
				} else {
					out[i].Value = v
				}
				return
			}
		}
		out = append(out, peer.Given{Name: name, Value: v, Line: line})
	}
	// -o is version 2's --stdout, version 1's --output-dir DIR: a
	// command of version 2 gives its base URL with -b.
	version2 := slices.ContainsFunc(args, func(a string) bool {
		name, _, _ := strings.Cut(a, "=")
		return name == "-b" || name == "--base"
	})
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(a, "=")
		f, ok := flags()[name]
		if name == "-o" && version2 {
			f = flags()["--stdout"]
		}
		switch {
		case !strings.HasPrefix(a, "-"):
			add("BASEURL", a) // version 1: the base URL is an argument
			continue
		case !ok:
			add(strings.TrimLeft(name, "-"), true)
			continue
		}
		switch f.takes {
		case 0:
			// --no-robots and --no-clean turn a default off.
			add(f.name, !strings.HasPrefix(name, "--no-") && name != "-n")
		case 1:
			if !hasValue && i+1 < len(args) {
				i++
				value = args[i]
			}
			add(f.name, value)
		default:
			var vs []any
			if hasValue {
				vs = append(vs, value)
			}
			for !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				vs = append(vs, args[i])
			}
			add(f.name, vs)
		}
	}
	return out
}

// state is what the mapping of static-sitemap-cli's options keeps
// until they are all read: its pairs, and what its defaults left.
type state struct {
	pairs  map[string][]pair // by "changefreq", "priority"
	format bool              // --format, -t or --stdout was given
	clean  bool              // --no-clean or --slash was given
}

// version1 are the options only version 1 has.
var version1 = []string{"BASEURL", "match", "text", "save", "output-dir", "follow-noindex"}

// pair is a glob and its value, with the option that gave it.
type pair struct {
	glob, value string
}

// stateOf is the state of m's mapping, made at its first use.
func stateOf(m *peer.Mapper) *state {
	return m.Local(func() any { return &state{pairs: map[string][]pair{}} }).(*state)
}

func root(m *peer.Mapper, v any) {
	if s, ok := m.Str(v); ok {
		if d := peer.CleanRel(s); d != "" {
			m.Set("root", d)
		}
	}
}

func ignore(m *peer.Mapper, v any) {
	if list, ok := m.Strs(v); ok {
		m.Set("exclude", list)
	}
}

// match: version 1's -m, globs of the pages, a ! leaving out.
func match(m *peer.Mapper, v any) {
	list, ok := m.Strs(v)
	if !ok {
		return
	}
	var in, ex []string
	for _, g := range list {
		if rest, ok := strings.CutPrefix(g, "!"); ok {
			ex = append(ex, rest)
		} else {
			in = append(in, g)
		}
	}
	if len(in) > 0 {
		m.Set("include", in)
	}
	if len(ex) > 0 {
		m.Set("exclude", ex)
	}
}

// pairs keeps the pairs of -c or -p, checked, for finish.
func pairs(kind string) func(*peer.Mapper, any) {
	return func(m *peer.Mapper, v any) {
		list, ok := m.Strs(v)
		if !ok {
			return
		}
		st := stateOf(m)
		for _, s := range list {
			sep := strings.LastIndex(s, "=")
			if sep < 0 {
				sep = strings.LastIndex(s, ",")
			}
			if sep <= 0 {
				m.Warn("has %q, not a pair of a glob and a %s (GLOB,VALUE); not taken", s, kind)
				continue
			}
			glob, value := s[:sep], strings.TrimSpace(s[sep+1:])
			var err error
			if kind == "changefreq" {
				_, err = sitemap.ParseChangeFreq(value)
			} else {
				var f float64
				if f, err = strconv.ParseFloat(value, 64); err == nil {
					_, err = sitemap.PriorityOf(f)
				}
			}
			if err != nil {
				m.Warn("has %q: %v; not taken", s, err)
				continue
			}
			st.pairs[kind] = append(st.pairs[kind], pair{glob, value})
		}
	}
}

func robots(m *peer.Mapper, v any) {
	if b, ok := v.(bool); ok && !b {
		m.Warn("is false (--no-robots), which listed noindex pages; sitemapgen leaves them out always, as a sitemap must (set skip.noindex: false in sitemap.yaml to list them)")
		return
	}
	m.Honoured("is honoured: sitemapgen leaves noindex pages out")
}

func clean(m *peer.Mapper, v any) {
	stateOf(m).clean = true
	if b, ok := m.Bool(v); ok {
		m.Set("clean_urls", b)
	}
}

func slash(m *peer.Mapper, v any) {
	stateOf(m).clean = true
	b, ok := m.Bool(v)
	if ok && !b {
		m.Set("trailing_slash", false)
	}
	if ok && b {
		m.Set("clean_urls", true)
		m.Set("trailing_slash", true)
		m.Warn("adds a slash to every URL; sitemapgen gives folders theirs (/docs/), and pages (about.html) the form the host serves them at, /about")
	}
}

func format(m *peer.Mapper, v any) {
	stateOf(m).format = true
	s, ok := m.Str(v)
	if !ok {
		return
	}
	switch s {
	case "txt", "both":
		m.Set("text", true)
	case "xml":
	default:
		m.Warn("is %q, not xml, txt or both; not taken", s)
	}
}

func text(m *peer.Mapper, v any) {
	stateOf(m).format = true
	if b, ok := m.Bool(v); ok {
		m.Set("text", b)
	}
}

func outputDir(m *peer.Mapper, v any) {
	if s, ok := m.Str(v); ok {
		if d := peer.CleanRel(s); d != "" {
			m.Set("out", d)
		}
	}
}

// every are globs that match every page, whose pair is every URL's
// value (--changefreq, --priority).
var every = []string{"*", "**", "**/*", "**/*.html", "**/**.html", "**/*.htm"}

// finish makes rules of the pairs: static-sitemap-cli's last matching
// pair wins, sitemapgen's first matching rule, so the pairs are taken in
// reverse. A pair of a glob that matches every page is every URL's value
// (--changefreq, --priority), and the pairs before it, which it
// overrides, never apply. A page takes a rule's changefreq and priority
// at once: a glob given to both -c and -p is one rule; other globs of
// both are kept in order, changefreq's first, with a note.
func finish(m *peer.Mapper) {
	st := stateOf(m)
	var rules []peer.Rule
	var from []peer.Given // the options that made rules, each at its place
	for _, kind := range []string{"changefreq", "priority"} {
		pairs := st.pairs[kind]
		if len(pairs) == 0 {
			continue
		}
		at := peer.Given{Name: kind}
		for _, g := range m.All() {
			if g.Name == kind {
				at = g // its place, the last given's
			}
		}
		m.AtGiven(at)
		made := false // a rule: the pairs of every page's glob make none
		for i := len(pairs) - 1; i >= 0; i-- {
			p := pairs[i]
			if slices.Contains(every, p.glob) {
				if kind == "changefreq" {
					m.Set("changefreq", p.value)
				} else {
					f, _ := strconv.ParseFloat(p.value, 64)
					m.Set("priority", f)
				}
				if i > 0 {
					m.Warn("has %q last, which matches every page: the pairs before it never applied; not taken", p.glob+","+p.value)
				}
				break
			}
			rules, made = addPair(rules, kind, p), true
		}
		if made {
			from = append(from, peer.Given{Name: kind, Line: at.Line, File: at.File})
		}
	}
	if len(rules) > 0 {
		// The rules are credited to the option of each kind, at its
		// place: .ssclirc's changefreq, the script's -p.
		m.AtGiven(from[0])
		m.Set("rules", rules)
		if len(from) == 2 {
			both := from[0]
			both.Name = "changefreq, priority"
			m.AtGiven(both)
			m.Credit("rules", from)
		}
		if len(from) == 2 && !paired(rules) {
			m.Warn("are made rules, and the first rule that matches a page gives both its changefreq and its priority: a page that matches a -c glob and another -p glob takes only the first's; merge such rules in sitemap.yaml")
		}
	}
	version2 := !slices.ContainsFunc(version1, m.WasGiven)
	if !st.format && version2 {
		m.At("format")
		m.Honoured("is both by default, which wrote sitemap.txt too: text: true keeps it")
		m.Set("text", true)
	}
	// Its URLs are clean by default, without a slash: those are the
	// URLs search engines were given, which the switch keeps.
	if !st.clean && version2 {
		m.At("clean")
		m.Set("clean_urls", true)
		m.Set("trailing_slash", false)
		m.Honoured("is on by default, and listed clean URLs without a slash (/about for about.html and about/index.html), which clean_urls and trailing_slash keep: remove both to list the form the host serves")
	}
}

// addPair adds the pair p of kind to rules: to the rule of its glob, or
// as a new one.
func addPair(rules []peer.Rule, kind string, p pair) []peer.Rule {
	i := slices.IndexFunc(rules, func(r peer.Rule) bool { return r.Match == p.glob })
	if i < 0 {
		rules = append(rules, peer.Rule{Match: p.glob})
		i = len(rules) - 1
	}
	if kind == "changefreq" {
		rules[i].ChangeFreq = p.value
	} else {
		f, _ := strconv.ParseFloat(p.value, 64)
		rules[i].Priority = &f
	}
	return rules
}

// paired reports whether every rule gives both values.
func paired(rules []peer.Rule) bool {
	for _, r := range rules {
		if r.ChangeFreq == "" || r.Priority == nil {
			return false
		}
	}
	return true
}

// stdout: version 2's --stdout printed the sitemap, and wrote no
// file; a script that redirects it to a file (sscli … -o >
// site/map.xml: the value is the file, from the project folder) wrote
// its sitemap there, under that name: a text one with --format txt.
func stdout(m *peer.Mapper, v any) {
	stateOf(m).format = true
	file, ok := v.(string)
	if !ok {
		m.Honoured("is honoured: sitemapgen writes its files into the site folder; --dry-run prints the URLs")
		return
	}
	f := peer.CleanRel(file)
	if format, _ := m.Other("format").(string); format == "txt" {
		m.Set("text", true)
		if path.Base(f) != "sitemap.txt" {
			m.Warn("is written to %s by the script; sitemapgen's text sitemap is sitemap.txt, in the site folder: submit its URL in place of that file's", diag.Excerpt(file))
		}
		return
	}
	root := ""
	if r, ok := m.Other("root").(string); ok {
		root = peer.CleanRel(r)
	}
	if rel, ok := strings.CutPrefix(f, root+"/"); ok || root == "" {
		if root == "" {
			rel = f
		}
		m.SetFilename(rel) // a folder of the site folder's: said
		return
	}
	// Out of the site folder: the sitemaps go where the script put it.
	if dir := path.Dir(f); dir != "." {
		m.Set("out", dir)
	}
	m.SetFilename(path.Base(f))
}
