package cli

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/peer"
	"github.com/sitemapgen/sitemapgen/mapping"
)

var initUsage = sync.OnceValue(func() string {
	return `sitemapgen init writes a commented sitemap.yaml from what the project's
files and the build environment say: the generator, the site folder, the base
URL, the hosting platform and the URL style it serves.

Usage:
  sitemapgen init [--force] [--stdout]

` + initFlags.Help("init", 13) + `
Run it in the project folder (where hugo.toml, _config.yml, astro.config.mjs,
mkdocs.yml ... are). The values found are written commented, with where they
came from: every run finds them again, and uncommenting one pins it over its
source. Keys sitemapgen could not fill say what to write.

Exit status: 0 written, 1 the file exists (without --force) or cannot be
written, 2 a usage error or a generator's config that does not parse.
`
})

// initValues are init's flags.
type initValues struct{ force, stdout bool }

var initFlags = config.Table[initValues]{
	{Flag: "force", Help: []string{"replace an existing sitemap.yaml"},
		Field: config.Bool(func(v *initValues) *bool { return &v.force }, false)},
	{Flag: "stdout", Help: []string{"print the file instead of writing it"},
		Field: config.Bool(func(v *initValues) *bool { return &v.stdout }, false)},
}

// runInit runs "sitemapgen init".
func runInit(_ context.Context, e *env, args []string) error {
	line, err := parse(e, initFlags, "sitemapgen init", initUsage, args)
	if line == nil {
		return err // --help, --version, or the command line is wrong
	}
	if len(line.Args) > 0 {
		return usagef("init takes no arguments; got %s\nRun it in the project folder.", strings.Join(line.Args, " "))
	}
	d, err := config.Survey(".", e.getenv)
	if err != nil {
		return usage(err)
	}
	links := headLinks(d)
	if line.Values.stdout {
		writeHeadLinks(links, false)
		for _, l := range links {
			l.note(d.Peers)
		}
		text, notTaken := initFile(d)
		fmt.Fprint(e.stdout, text)
		for _, n := range notTaken {
			fmt.Fprintln(e.stderr, diag.Format(n, diag.Warning))
		}
		if pe, ok := scriptPeer(d.Peers); ok {
			scriptSwitch(e.stderr, pe, d, false)
		}
		for _, pe := range d.Peers {
			if !scripted(pe) {
				peerSteps(e.stderr, pe, d, false)
			}
		}
		for _, l := range links {
			l.report(e.stderr)
		}
		return nil
	}
	if _, err := fsx.Lstat(".", config.DefaultFile); err == nil && !line.Values.force {
		return &diag.Diagnostic{File: config.DefaultFile, Msg: "the file exists; --force replaces it, --stdout prints the new one"}
	}
	// Write the files that carry a peer's <link rel="sitemap"> first, so
	// that sitemap.yaml's notes say what became of them.
	writeHeadLinks(links, true)
	for _, l := range links {
		l.note(d.Peers)
	}
	text, notTaken := initFile(d)
	if err := atomicfile.Write(config.DefaultFile, []byte(text), 0o644); err != nil {
		return err
	}
	say(e.stderr, false, "wrote %s", config.DefaultFile)
	for _, l := range links {
		if l.written {
			l.report(e.stderr)
		}
	}
	for _, pe := range d.Peers {
		say(e.stderr, false, "carried over %s of %s (%s): %s", plural(len(pe.Result.Settings), "setting"), pe.Tool, place(pe.File, pe.Line), carried(pe.Result.Settings))
	}
	for _, n := range notTaken {
		fmt.Fprintln(e.stderr, diag.Format(n, diag.Warning))
	}
	for _, w := range d.Published {
		fmt.Fprintln(e.stderr, diag.Format(w, diag.Warning))
	}
	for _, p := range d.Problems {
		fmt.Fprintln(e.stderr, firstLine(diag.Format(p, diag.Note)))
	}
	if pe, ok := scriptPeer(d.Peers); ok {
		scriptSwitch(e.stderr, pe, d, true)
	}
	for _, pe := range d.Peers {
		if !scripted(pe) {
			peerSteps(e.stderr, pe, d, true)
		}
	}
	for _, l := range links {
		if !l.written {
			l.report(e.stderr)
		}
	}
	return nil
}

// carried lists the keys of settings, "none" for none.
func carried(settings []peer.Setting) string {
	if len(settings) == 0 {
		return "none"
	}
	var keys []string
	for _, s := range settings {
		keys = append(keys, s.Key)
	}
	return strings.Join(keys, ", ")
}

// place is file:line, or file without a line.
func place(file string, line int) string {
	return diag.Pos{File: file, Line: line}.String()
}

// peerBlock writes a block for each peer the project uses. It writes
// the settings the peer's options give as keys, each after a comment
// that names the option. As comments, it writes the options not carried
// over and those honoured without a setting, with why. A key an earlier
// peer set is not written again. peerBlock returns the options not
// carried over, each at its place.
func peerBlock(p func(format string, args ...any), peers []config.Peer) []error {
	var notTaken []error
	written := map[string]string{}
	for _, pe := range peers {
		at := func(file string, line int) string {
			if file != "" && file != pe.File {
				return place(file, line)
			}
			return place(pe.File, cmp.Or(line, pe.Line))
		}
		p("\n")
		then := "Remove it once sitemapgen writes the sitemaps."
		if stays(pe) {
			then = "It stays: sitemapgen takes its sitemaps over at every build."
		}
		comment(p, "", fmt.Sprintf("Carried over from %s (%s): its options, as sitemapgen's settings. %s", pe.Tool, at("", pe.Line), then))
		if len(pe.Options) == 0 && len(pe.Result.Settings) == 0 {
			p("# It is used with its defaults: nothing to carry over.\n")
		}
		for _, n := range pe.Notes {
			comment(p, "", "note: "+n)
		}
		for _, s := range pe.Result.Settings {
			if by, ok := written[s.Key]; ok {
				n := peer.Note{Option: s.From, Line: s.Line, File: s.File, Msg: "gives " + s.Key + ", which " + by + " gives above; not written again"}
				pe.Result.Notes = append(pe.Result.Notes, n)
				continue
			}
			written[s.Key] = fmt.Sprintf("%s's %s", pe.Tool, s.From)
			from := s.From + " (" + at(s.File, s.Line) + ")"
			if len(s.Parts) > 0 {
				// Options at several places gave it: each at its own.
				var parts []string
				for _, g := range s.Parts {
					parts = append(parts, g.Name+" ("+at(g.File, g.Line)+")")
				}
				from = strings.Join(parts, ", ")
			}
			p("# %s\n%s", from, yamlText(yamlSetting(s.Key, s.Value)))
		}
		var honoured []peer.Note
		first := true
		for _, n := range pe.Result.Notes {
			if n.Honoured {
				honoured = append(honoured, n)
				continue
			}
			if first {
				p("# Not carried over:\n")
				first = false
			}
			msg := config.AsKeys(n.Msg)
			comment(p, "  ", fmt.Sprintf("%s (%s) %s", n.Option, at(n.File, n.Line), msg))
			notTaken = append(notTaken, &diag.Diagnostic{File: cmp.Or(n.File, pe.File), Line: cmp.Or(n.Line, pe.Line), Msg: fmt.Sprintf("%s's %s %s", pe.Tool, n.Option, msg)})
		}
		if len(honoured) > 0 {
			p("# Honoured without a setting:\n")
			for _, n := range honoured {
				comment(p, "  ", fmt.Sprintf("%s (%s) %s", n.Option, at(n.File, n.Line), config.AsKeys(n.Msg)))
			}
		}
	}
	return notTaken
}

// comment writes text as comment lines of at most 76 columns. Each line
// starts with "# " and indent, and the lines after the first are
// indented two more.
func comment(p func(format string, args ...any), indent, text string) {
	line := "#" + " " + indent
	start := len(line)
	for i, w := range strings.Fields(text) {
		if i > 0 && len(line)+1+len(w) > 76 {
			p("%s\n", line)
			line = "# " + indent + "  "
			start = len(line)
		}
		if len(line) > start {
			line += " "
		}
		line += w
	}
	p("%s\n", line)
}

// yamlText is YAML that init writes as it is, lines and all: a setting
// that yamlSetting encoded.
type yamlText string

// escaped returns the arguments of a line of sitemap.yaml with the
// control characters and line breaks of each string escaped
// (diag.Escape); a yamlText is left as it is. So a value that a
// project's file gives (a file's name, a URL) stays on the comment line
// that names it, and adds no line the next build reads (issue 89).
func escaped(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case yamlText:
			out[i] = string(a)
		case string:
			out[i] = diag.Escape(a)
		default:
			out[i] = a
		}
	}
	return out
}

// yamlSetting writes a setting as a key of sitemap.yaml, nested at its
// dots, and its value.
func yamlSetting(key string, v any) string {
	var doc any = v
	parts := strings.Split(key, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		doc = map[string]any{parts[i]: doc}
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return fmt.Sprintf("# %s: %v\n", key, err)
	}
	return b.String()
}

// yamlScalar writes v as a YAML scalar, quoted when it must be.
func yamlScalar(v string) string {
	out, err := yaml.Marshal(v)
	if err != nil {
		return strconv.Quote(v)
	}
	return strings.TrimSuffix(string(out), "\n")
}

// urlForm writes the URL form a build lists the pages in, as the build
// resolves it with nothing given (d.URLs), and what says so. Beside each
// value it shows where the mapping puts a page and a folder's index.
func urlForm(p func(format string, args ...any), d *config.Findings) {
	from := d.FormFrom
	if from == "" {
		from = "Neither a platform nor the generator says the URL form: the defaults"
	}
	slash := d.URLs.TrailingSlash != mapping.SlashNever
	if served := d.Form.Served; len(served) > 0 {
		// A server build lists each page at the URL its server answers.
		// The route's path and URL come from the build's manifests, so
		// they are bounded and escaped.
		pg := served[0]
		for _, s := range served {
			if s.URLPath != "/" && (pg.URLPath == "/" || s.Path < pg.Path) {
				pg = s
			}
		}
		comment(p, "", fmt.Sprintf("%s; a server build's pages are listed at the URLs its server answers (%s at %s):", from, diag.Excerpt(pg.Path), diag.Excerpt(pg.URLPath)))
		p("# clean_urls: %v\n# trailing_slash: %v\n", d.URLs.CleanURLs, slash)
	} else {
		o := d.URLs
		o.BaseURL = "https://example.com/"
		m, err := mapping.New(o)
		if err != nil {
			return // a valid base URL
		}
		p("# %s:\n", from)
		either := ""
		if d.Style != nil && d.Style.EitherSlash {
			either = " (either form is served)"
		}
		p("# clean_urls: %-9v # about.html at /%s\n", d.URLs.CleanURLs, m.URLPath("about.html"))
		p("# trailing_slash: %-5v # docs/index.html at /%s%s\n", slash, m.URLPath("docs/index.html"), either)
	}
	p("# Set clean_urls or trailing_slash only to override that.\n")
}

// initFile is the text of the sitemap.yaml that init writes, and the
// options of the sitemap tools the project used that it could not carry
// over.
func initFile(d *config.Findings) (string, []error) {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, escaped(args)...) }
	p("# sitemap.yaml: the configuration of sitemapgen. Every key is optional;\n")
	p("# flags override keys ('sitemapgen --help'). Written by 'sitemapgen init'")
	if len(d.Generators) > 0 {
		p(" from\n# %s", strings.Join(d.Generators, ", "))
		if d.Platform != "" {
			p(" and %s (%s)", d.Platform, d.PlatformFrom)
		}
		p(".\n")
	} else if d.Platform != "" {
		p(" from\n# %s (%s).\n", d.Platform, d.PlatformFrom)
	} else {
		p(".\n")
	}
	notTaken := peerBlock(p, d.Peers)

	p("\n# The absolute URL the site is served at; a path is allowed. Without it,\n")
	p("# SITEMAP_BASE_URL, the platform's production URL (Netlify, Vercel) and the\n")
	p("# generator's config are asked, in that order, at every run.\n")
	// What was found is found again at every run. The lines are
	// commented out, so that the file does not pin a value over a better
	// source: base_url: here outranks the platform's production URL.
	switch {
	case d.BaseURL != "":
		p("# Found in %s at every run; uncomment to pin it\n# (it then outranks the platform's production URL):\n# base_url: %s\n", d.BaseURLFrom, yamlScalar(d.BaseURL))
	default:
		p("# Not found: write it here (or give --base-url).\n# base_url: https://example.com/\n")
	}

	p("\n# The built site: the folder walked, where the sitemaps are written.\n")
	if d.Root != "" {
		p("# Found in %s at every run; uncomment to pin it:\n# root: %s\n", d.RootFrom, yamlScalar(filepath.ToSlash(d.Root)))
	} else {
		p("# Not found: write it here (or name it: 'sitemapgen public').\n# root: public\n")
	}

	p("\n# The hosting platform whose URL style and redirects to follow: auto (the\n")
	p("# build environment, else netlify.toml, vercel.json, wrangler.toml),\n")
	p("# netlify, vercel, cloudflare-pages, github-pages or none.\n")
	p("# host: auto\n")
	urlForm(p, d)

	p("\n# In a Netlify or Vercel preview deploy: production-url (list the\n")
	p("# production URLs), own-url (the preview's own) or skip (no sitemap).\n")
	p("# previews: production-url\n")

	// A server build's pages are its prerendered files, app/ROUTE.html
	// or pages/ROUTE.html: the examples' globs match such pages.
	drafts, blog := "drafts/**", "blog/**"
	if d.Form != nil && len(d.Form.Served) > 0 {
		drafts, blog = "{app,pages}/"+drafts, "{app,pages}/"+blog
	}
	p(`
# Where lastmod comes from; the first source that knows a page's date wins.
# git needs the full history on CI (fetch-depth: 0); hash keeps dates in
# .sitemapgen/state.json: keep that file in the CI cache.
# lastmod:
#   sources: [frontmatter, meta, git, hash, sitemap, mtime]

# Pages left out: 404 pages, noindex, redirect stubs, non-canonical pages.
# exclude: ["%s"]

# Other files: sitemap.xml.gz, sitemap.txt, Sitemap: lines in robots.txt.
# gzip: false
# text: false
# robots: false

# changefreq and priority, the first matching glob wins:
# rules:
#   - match: "%s"
#     changefreq: weekly
#     priority: 0.7
`, drafts, blog)
	return b.String(), notTaken
}
