package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/sitediff"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// diffValues are diff's flags.
type diffValues struct {
	site, baseURL string
	json          bool
}

var diffFlags = config.Table[diffValues]{
	{Flag: "site", Arg: "DIR", Help: []string{
		"the new build's folder: a removed URL that a redirect",
		"rule of its _redirects, or of netlify.toml or",
		"vercel.json here or in the working directory, answers,",
		"or that a file of DIR still serves (a redirect stub, a",
		"page left out), is not gone (default: NEW when it is a",
		"folder)"},
		Field: config.String(func(v *diffValues) *string { return &v.site }, "", nil)},
	{Flag: "base-url", Arg: "URL", Help: []string{
		"the URL the --site folder is served at (default: the",
		"root of each URL's host)"},
		Field: config.String(func(v *diffValues) *string { return &v.baseURL }, "", nil)},
	{Flag: "json", Help: []string{"print the changes and the counts as one JSON object"},
		Field: config.Bool(func(v *diffValues) *bool { return &v.json }, false)},
}

var diffUsage = `sitemapgen diff compares two sitemap sets, such as the one deployed and the
one a build just wrote, and prints the URLs added, removed and changed, and
which of the removed URLs are gone with no redirect: a 404 for every link
to them.

Usage:
  sitemapgen diff [flags] OLD NEW

OLD and NEW are each a sitemap file (a <urlset>, or a <sitemapindex> read
with its files; .xml, .xml.gz, or the text form .txt, one URL a line) or a
folder (the sitemaps its robots.txt names, else its sitemap.xml,
sitemap_index.xml or sitemap.txt). An index downloaded from a site lists
its files by URL: each is the file beside the index named by the end of
the URL's path, so download them into one folder. Files are read within
validate's limits (50 MiB, 64 levels, 2,500,000 elements).

Examples:
  sitemapgen diff live/ public/           the deployed set, downloaded into
                                          live/, and the new build's
  curl -sO https://example.com/sitemap.xml   (and each file it lists)
  sitemapgen diff sitemap.xml public/sitemap.xml --site public
  sitemapgen diff --json old/ public/     for machines

Flags:
` + diffFlags.Help("diff", 19) + `  -h, --help       print this help

Output: one line a URL, sorted by URL, then a summary:
  + https://example.com/new/
  - https://example.com/old/  (no redirect)
  ~ https://example.com/post/ (lastmod 2024-01-02 → 2024-03-04)
  1 added, 1 removed (1 without a redirect), 1 changed
Without --site (and NEW a file), removed URLs are not judged.

Exit status: 0 no removed URL is gone with no redirect, 1 one is, 2 usage,
or an input that cannot be read (the problem is said at its file:line).
`

// runDiff runs "sitemapgen diff".
func runDiff(ctx context.Context, e *env, args []string) error {
	line, err := parse(e, diffFlags, "sitemapgen diff", diffUsage, args)
	if line == nil {
		return err // --help, --version, or the command line is wrong
	}
	v := line.Values
	if len(line.Args) != 2 {
		return badCommandLine("sitemapgen diff", fmt.Errorf("want OLD and NEW, two sitemap files or folders; got %d arguments", len(line.Args)))
	}
	oldPath, newPath := line.Args[0], line.Args[1]
	if v.site == "" {
		if fi, err := os.Stat(newPath); err == nil && fi.IsDir() {
			v.site = newPath
		}
	}
	site, err := diffSite(e, v)
	if err != nil {
		return err
	}
	// An index's entries that are no file of ours are index.extra's.
	read := validate.Options{Recorded: writer.Recorded}
	old, err := sitediff.Load(ctx, oldPath, read)
	if err != nil {
		return usage(err)
	}
	new, err := sitediff.Load(ctx, newPath, read)
	if err != nil {
		return usage(err)
	}
	cs := sitediff.Compare(old, new, site)
	_, removed, gone, _ := sitediff.Count(cs)
	if v.json {
		err = printDiffJSON(e, cs, site != nil)
	} else {
		printDiff(e, cs, site != nil)
	}
	if err != nil {
		return err
	}
	if gone > 0 {
		return fmt.Errorf("%s gone with no redirect (of %d removed)", plural(gone, "URL"), removed)
	}
	return nil
}

// diffSite returns what answers at the new build's URLs, from --site and
// --base-url; nil without --site.
func diffSite(e *env, v diffValues) (*sitediff.Site, error) {
	if v.site == "" {
		if v.baseURL != "" {
			return nil, badCommandLine("sitemapgen diff", fmt.Errorf("--base-url is the URL of the --site folder: give --site too"))
		}
		return nil, nil
	}
	if msg := notFolder(v.site); msg != "" {
		return nil, usage(&diag.Diagnostic{File: v.site, Msg: msg + " (--site, the new build's folder)"})
	}
	site := &sitediff.Site{Dir: v.site}
	if v.baseURL != "" {
		base, err := mapping.ParseBaseURL(v.baseURL)
		if err != nil {
			return nil, usage(fmt.Errorf("--base-url: %w", err))
		}
		site.BaseURL = base
	}
	// No file serves a removed URL: shadowing changes nothing.
	rules, warnings, err := host.LoadRedirects(true, limits.Default, v.site, ".")
	for _, w := range warnings {
		warnTo(e.stderr)(w)
	}
	if err != nil {
		return nil, usage(err)
	}
	site.Redirects = rules
	return site, nil
}

// printDiff prints the changes one a line, then the summary.
func printDiff(e *env, cs []sitediff.Change, judged bool) {
	var b strings.Builder
	for _, c := range cs {
		b.WriteByte(c.Op)
		b.WriteByte(' ')
		b.WriteString(c.URL)
		switch {
		case c.Gone:
			b.WriteString("  (no redirect)")
		case len(c.Fields) > 0:
			b.WriteString(" (")
			for i, f := range c.Fields {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%s %s → %s", f.Name, orNone(f.Old), orNone(f.New))
			}
			b.WriteString(")")
		}
		b.WriteByte('\n')
	}
	added, removed, gone, changed := sitediff.Count(cs)
	fmt.Fprintf(&b, "%d added, %d removed", added, removed)
	switch {
	case removed > 0 && judged:
		fmt.Fprintf(&b, " (%d without a redirect)", gone)
	case removed > 0:
		b.WriteString(" (redirects not checked: no --site)")
	}
	fmt.Fprintf(&b, ", %d changed\n", changed)
	fmt.Fprint(e.stdout, b.String())
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// diffJSON is diff's --json output.
type diffJSON struct {
	Added   int `json:"added"`
	Removed int `json:"removed"`
	// NoRedirect counts the removed URLs gone with no redirect; null
	// when they were not judged (no --site).
	NoRedirect *int             `json:"no_redirect"`
	Changed    int              `json:"changed"`
	Changes    []diffJSONChange `json:"changes"`
}

type diffJSONChange struct {
	Op         string           `json:"op"`
	URL        string           `json:"url"`
	NoRedirect bool             `json:"no_redirect,omitempty"`
	Fields     []sitediff.Field `json:"fields,omitempty"`
}

func printDiffJSON(e *env, cs []sitediff.Change, judged bool) error {
	var out diffJSON
	var gone int
	out.Added, out.Removed, gone, out.Changed = sitediff.Count(cs)
	if judged {
		out.NoRedirect = &gone
	}
	out.Changes = make([]diffJSONChange, len(cs))
	for i, c := range cs {
		out.Changes[i] = diffJSONChange{Op: string(c.Op), URL: c.URL, NoRedirect: c.Gone, Fields: c.Fields}
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
