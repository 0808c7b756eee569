package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/project"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/writer"
)

// validateLine is validate's command line.
type validateLine struct {
	validate.Options
	Strict bool
	Ignore []string
	JSON   bool
}

// validateFlags are validate's flags.
var validateFlags = config.Table[validateLine]{
	{Flag: "base-url", Arg: "URL", Help: []string{
		"the URL the folder given is served at (a file's own",
		"folder, or --site's when it is in it): each sitemap may",
		"list only URLs under its own folder (the protocol's scope)"},
		Field: config.String(func(o *validateLine) *string { return &o.BaseURL }, "", nil)},
	{Flag: "sitemaps-url", Arg: "URL", Help: []string{
		"the URL the sitemap files are served at, when not",
		"--base-url (sitemaps_url: a CDN's folder): their index",
		"entries lie there, and they may list the URLs under",
		"--base-url (its host's robots.txt naming them)"},
		Field: config.String(func(o *validateLine) *string { return &o.SitemapsURL }, "", nil)},
	{Flag: "site", Arg: "DIR", Help: []string{
		"the built site: every URL must map to a file in DIR",
		"(needs --base-url)"},
		Field: config.String(func(o *validateLine) *string { return &o.Site }, "", nil)},
	{Flag: "strict", Help: []string{"exit 1 on advice too, not only on errors"},
		Field: config.Bool(func(o *validateLine) *bool { return &o.Strict }, false)},
	{Flag: "ignore", Arg: "KIND", Help: []string{
		"leave out the problems of KIND (see Kinds below;",
		"repeat, or comma-separate)"},
		Field: config.List(func(o *validateLine) *[]string { return &o.Ignore }, nil, true, config.Each(validateKind))},
	{Flag: "json", Help: []string{
		"print the problems as one JSON object on standard",
		"output instead of a line each"},
		Field: config.Bool(func(o *validateLine) *bool { return &o.JSON }, false)},
}

// validateKind checks a kind --ignore names.
func validateKind(s string) error {
	if !validate.KnownKind(s) {
		var names []string
		for _, k := range validate.Kinds {
			names = append(names, string(k.Kind))
		}
		return fmt.Errorf("%q is not one of %s", s, strings.Join(names, ", "))
	}
	return nil
}

// validateKinds lists the kinds for --help, errors first.
func validateKinds() string {
	var b strings.Builder
	for _, sev := range []validate.Severity{validate.Error, validate.Advice} {
		fmt.Fprintf(&b, "  %s:\n", map[validate.Severity]string{validate.Error: "Errors (exit 1)", validate.Advice: "Advice (exit 0 unless --strict)"}[sev])
		for _, k := range validate.Kinds {
			if k.Severity == sev {
				fmt.Fprintf(&b, "    %-17s %s\n", k.Kind, k.What)
			}
		}
	}
	return b.String()
}

var validateUsage = sync.OnceValue(func() string {
	return `sitemapgen validate checks sitemap files and sitemap indexes against the
Sitemaps 0.9 protocol and the official schemas of its extensions,
natively (no xmllint): well-formed XML, the sitemaps.org namespace, the
elements in the order the schemas give, their values (absolute URLs
under 2,048 characters, W3C dates, changefreq, priority 0.0–1.0), one
host a file, the image, video and news extensions and xhtml:link
alternates (hreflang, mobile media, app links), the limits (50,000
entries, 50 MiB), duplicate URLs, index entries that name a missing
file, and the hreflang clusters across the files given (each alternate
a <loc> listing the page back, one x-default, BCP 47 codes; with --site,
no alternate whose page is noindex, a redirect, canonical elsewhere or
missing). A file is read up to 50 MiB (compressed and uncompressed), 64
levels of nesting and 2,500,000 elements: past one, the problem says
where reading stopped.

A problem is an error (the file breaks the protocol or a schema; a
search engine refuses it) or advice (the file is valid but loses
something, or is in a form narrower tools refuse).

Usage:
  sitemapgen validate [flags] PATH...

PATH is a regular file (an XML sitemap or index, .xml or .xml.gz; a text
sitemap, .txt, one URL a line; an RSS 2.0 or Atom feed, which the
protocol takes as a sitemap) or a folder, searched for *.xml, *.xml.gz
and sitemap*.txt; in a folder, files that are not sitemaps (a feed among
them) are skipped. Files inside a folder, and the files an index names,
are read only inside it: a symbolic link out of it is refused, named.
A file is gzip-compressed when its first bytes say so, whatever its name.

Flags:
` + validateFlags.Help("validate", 19) + `
Kinds:
` + validateKinds() + `
Output: one "file:line: kind: problem" line an error and one
"file:line: advice: kind: problem" line a piece of advice, then a
summary; with --json, one object: {"files", "errors", "advice",
"counts" (by kind), "findings": [{"path", "line", "kind", "severity",
"message"}]}.
Exit status: 0 no error (advice alone exits 0 unless --strict), 1 an
error (or no sitemap found), 2 usage.
`
})

// recordFolders returns validate.Options.RecordFolder, deciding as a
// build does (project.RecordFolder). It finds each folder's record
// folder once.
func recordFolders() func(dir string) string {
	var mu sync.Mutex
	found := map[string]string{}
	return func(dir string) string {
		mu.Lock()
		defer mu.Unlock()
		rec, ok := found[dir]
		if !ok {
			rec = project.RecordFolder(dir, limits.Default)
			found[dir] = rec
		}
		return rec
	}
}

// runValidate runs "sitemapgen validate".
func runValidate(ctx context.Context, e *env, args []string) error {
	line, err := parse(e, validateFlags, "sitemapgen validate", validateUsage, args)
	if line == nil {
		return err // --help, --version, or the command line is wrong
	}
	v := line.Values
	opts := v.Options
	switch {
	case len(line.Args) == 0:
		err = errors.New("no sitemap file or folder given")
	case opts.Site != "" && opts.BaseURL == "":
		err = errors.New("--site needs --base-url: the URL the site is served at")
	}
	if err != nil {
		return badCommandLine("sitemapgen validate", err)
	}
	opts.Recorded = writer.Recorded       // an index's entries that are no file of ours: index.extra
	opts.Aliases = writer.RecordedAliases // files at a generator's sitemap URLs, leading to ours
	opts.RecordFolder = recordFolders()   // a server build's record, kept out of the folder it serves
	boundHeap()
	problems, checked, err := validate.CheckContext(ctx, line.Args, opts)
	problems = slices.DeleteFunc(problems, func(p validate.Problem) bool { return slices.Contains(v.Ignore, string(p.Kind)) })
	if v.JSON {
		if err := printValidateJSON(e, problems, checked); err != nil {
			return err
		}
	} else {
		for _, p := range problems {
			fmt.Fprintln(e.stdout, p)
		}
	}
	errs := validate.Errors(problems)
	switch {
	case err != nil:
		return err
	case checked == 0:
		return errors.New("no sitemap file found")
	case errs > 0 || v.Strict && len(problems) > 0:
		return fmt.Errorf("%s in %s", validateSummary(problems), plural(checked, "sitemap file"))
	case len(problems) > 0:
		say(e.stderr, false, "%s in %s", validateSummary(problems), plural(checked, "sitemap file"))
		return nil
	}
	say(e.stderr, false, "%s checked, no problem", plural(checked, "sitemap file"))
	return nil
}

// validateSummary counts problems: "3 errors (2 loc, 1 order) and 1
// advice (1 date-form)".
func validateSummary(problems []validate.Problem) string {
	count := func(sev validate.Severity) (int, string) {
		n, by := 0, map[validate.Kind]int{}
		for _, p := range problems {
			if p.Severity == sev {
				n++
				by[p.Kind]++
			}
		}
		var parts []string
		for _, k := range validate.Kinds {
			if by[k.Kind] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", by[k.Kind], k.Kind))
			}
		}
		if n == 0 {
			return 0, ""
		}
		return n, " (" + strings.Join(parts, ", ") + ")"
	}
	ne, es := count(validate.Error)
	na, as := count(validate.Advice)
	return fmt.Sprintf("%s%s and %d advice%s", plural(ne, "error"), es, na, as)
}

// validateJSON is validate --json's object.
type validateJSON struct {
	Files    int            `json:"files"`
	Errors   int            `json:"errors"`
	Advice   int            `json:"advice"`
	Counts   map[string]int `json:"counts"`
	Findings []findingJSON  `json:"findings"`
}

func printValidateJSON(e *env, problems []validate.Problem, checked int) error {
	out := validateJSON{Files: checked, Counts: map[string]int{}, Findings: []findingJSON{}}
	for _, p := range problems {
		if p.Severity == validate.Error {
			out.Errors++
		} else {
			out.Advice++
		}
		out.Counts[string(p.Kind)]++
		out.Findings = append(out.Findings, findingJSON{Path: p.File, Line: p.Line, Kind: string(p.Kind), Severity: p.Severity.String(), Message: p.Msg})
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false) // messages name elements: <lastmod>
	return enc.Encode(out)
}
