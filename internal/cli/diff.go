package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/sitediff"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// diffValues are diff's flags.
type diffValues struct {
	site, baseURL, summary  string
	json, markdown, comment bool
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
	{Flag: "markdown", Help: []string{
		"print the report a reviewer reads, in Markdown: the",
		"counts, then the URLs of each kind of change (at most",
		"20 of each)"},
		Field: config.Bool(func(v *diffValues) *bool { return &v.markdown }, false)},
	{Flag: "summary", Arg: "FILE", Help: []string{
		"also add the Markdown report to FILE (in a GitHub",
		"Actions job: \"$GITHUB_STEP_SUMMARY\", the job summary)"},
		Field: config.String(func(v *diffValues) *string { return &v.summary }, "", nil)},
	{Flag: "comment", Help: []string{
		"also write the Markdown report as a comment of the pull",
		"request the GitHub Actions run is for, updating the",
		"one an earlier run wrote (GITHUB_TOKEN, with",
		"pull-requests: write); a refusal is said, and no",
		"failure"},
		Field: config.Bool(func(v *diffValues) *bool { return &v.comment }, false)},
}

var diffUsage = sync.OnceValue(func() string {
	return `sitemapgen diff compares two sitemap sets, such as the one deployed and the
one a build just wrote, and prints the URLs added, removed and changed, and
which of the removed URLs are gone with no redirect: a 404 for every link
to them.

Usage:
  sitemapgen diff [flags] OLD NEW

OLD and NEW are each a sitemap file (a <urlset>, or a <sitemapindex> read
with its files; .xml, .xml.gz, the text form .txt, one URL a line, or an
RSS or Atom feed) or a folder (the sitemaps its robots.txt names, else its
sitemap.xml, sitemap_index.xml or sitemap.txt). The files a folder or an
index names are read only inside its folder: a symbolic link out of it is
refused, named, and nothing of its target read. An index downloaded from a site lists
its files by URL: each is its URL's path below the folder most entries
say the index lies in, as validate finds it (https://example.com/en/s.xml
is en/s.xml beside an index of /), so download them as the URLs nest
them (curl --create-dirs -o en/s.xml URL). Files are read within
validate's limits (50 MiB, 64 levels, 2,500,000 elements).

Examples:
  sitemapgen diff live/ public/           the deployed set, downloaded into
                                          live/, and the new build's
  curl -sO https://example.com/sitemap.xml   (and each file it lists)
  sitemapgen diff sitemap.xml public/sitemap.xml --site public
  sitemapgen diff --json old/ public/     for machines
  sitemapgen diff --summary "$GITHUB_STEP_SUMMARY" --comment base/public public
                                          the report of a pull request

Flags:
` + diffFlags.Help("diff", 19) + `  -h, --help       print this help

Output: one line a URL, sorted by URL, then a summary:
  + https://example.com/new/
  - https://example.com/old/  (no redirect)
  - https://example.com/was/  (moved to https://example.com/is/)
  ~ https://example.com/post/ (lastmod 2024-01-02 → 2024-03-04)
  1 added, 1 removed (1 without a redirect), 1 changed
Without --site (and NEW a file), removed URLs are not judged.

Exit status: 0 no removed URL is gone with no redirect, 1 one is, 2 usage,
or an input that cannot be read (the problem is said at its file:line).
`
})

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
	if v.json && v.markdown {
		return badCommandLine("sitemapgen diff", fmt.Errorf("--json or --markdown: one output"))
	}
	oldPath, newPath := line.Args[0], line.Args[1]
	if v.site == "" {
		if fi, err := fsx.StatNamed(newPath); err == nil && fi.IsDir() {
			v.site = newPath
		}
	}
	site, err := diffSite(e, v)
	if err != nil {
		return err
	}
	// An index's entries that are not files of ours come from
	// index.extra.
	read := validate.Options{Recorded: writer.Recorded, RecordFolder: recordFolders()}
	boundHeap()
	old, err := sitediff.Load(ctx, oldPath, read)
	if err != nil {
		return usage(err)
	}
	defer old.Close()
	new, err := sitediff.Load(ctx, newPath, read)
	if err != nil {
		return usage(err)
	}
	defer new.Close()
	var report *diffReport
	if v.markdown || v.summary != "" || v.comment {
		report = newDiffReport(site != nil)
	}
	var n sitediff.Counts
	switch {
	case v.json:
		n, err = printDiffJSON(e, old, new, site, report.add)
	case v.markdown:
		n, err = sitediff.Compare(old, new, site, func(c sitediff.Change) error { report.add(c); return nil })
	default:
		n, err = printDiff(e, old, new, site, report.add)
	}
	if err != nil {
		return err
	}
	if report != nil {
		if err := writeReport(ctx, e, v, report.markdown()); err != nil {
			return err
		}
	}
	if n.Gone > 0 {
		return fmt.Errorf("%s gone with no redirect (of %d removed)", plural(n.Gone, "URL"), n.Removed)
	}
	return nil
}

// heapLimit is the soft limit on the heap of validate and diff, which
// read sets of any size. Near the limit, the garbage collector runs more
// often rather than let the heap grow to twice what is live. For a set
// of 2.5 million URLs they keep about 110 MB: validate's hashes of its
// URLs, or diff's batch.
const heapLimit = 192 << 20

// boundHeap sets heapLimit, unless GOMEMLIMIT sets another.
func boundHeap() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(heapLimit)
	}
}

// diffSite returns what answers at the new build's URLs, from --site and
// --base-url. It returns nil without --site.
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
	// No file serves a removed URL, so shadowing changes nothing.
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

// diffURL is a URL of a sitemap, or a redirect's target, as diff's
// outputs show it: as it is, but with its user information hidden as
// every message hides it (diag.URL), since a report may be a pull
// request's public comment. No sitemap sitemapgen writes holds one.
func diffURL(u string) string {
	if diag.HasUserInfo(u) {
		return diag.URL(u)
	}
	return u
}

// printDiff prints the changes one a line as they are found, then the
// summary.
func printDiff(e *env, old, new *sitediff.Set, site *sitediff.Site, each func(sitediff.Change)) (sitediff.Counts, error) {
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	var b []byte
	n, err := sitediff.Compare(old, new, site, func(c sitediff.Change) error {
		each(c)
		b = append(b[:0], c.Op, ' ')
		b = append(b, diag.Escape(diffURL(c.URL))...) // a URL a file gives: one line
		switch {
		case c.Gone:
			b = append(b, "  (no redirect)"...)
		case c.To != "":
			b = append(b, "  (moved to "...)
			b = append(b, diag.Escape(diffURL(c.To))...)
			b = append(b, ')')
		case len(c.Fields) > 0:
			b = append(b, " ("...)
			for i, f := range c.Fields {
				if i > 0 {
					b = append(b, ", "...)
				}
				b = fmt.Appendf(b, "%s %s → %s", f.Name, diag.Escape(orNone(f.Old)), diag.Escape(orNone(f.New)))
			}
			b = append(b, ')')
		}
		_, err := w.Write(append(b, '\n'))
		return err
	})
	if err != nil {
		return n, err
	}
	fmt.Fprintf(w, "%d added, %d removed", n.Added, n.Removed)
	switch {
	case n.Removed > 0 && site != nil:
		fmt.Fprintf(w, " (%d without a redirect)", n.Gone)
	case n.Removed > 0:
		fmt.Fprint(w, " (redirects not checked: no --site)")
	}
	fmt.Fprintf(w, ", %d changed\n", n.Changed)
	return n, w.Flush()
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// diffJSON is diff's --json output, written as it is found. The counts
// come first, from a first pass over the sets, then the changes.
type diffJSON struct {
	Added   int `json:"added"`
	Removed int `json:"removed"`
	// NoRedirect counts the removed URLs gone with no redirect. It is
	// null when they were not judged (no --site).
	NoRedirect *int             `json:"no_redirect"`
	Changed    int              `json:"changed"`
	Changes    []diffJSONChange `json:"changes"`
}

type diffJSONChange struct {
	Op         string           `json:"op"`
	URL        string           `json:"url"`
	NoRedirect bool             `json:"no_redirect,omitempty"`
	To         string           `json:"to,omitempty"`
	Fields     []sitediff.Field `json:"fields,omitempty"`
}

// printDiffJSON prints diffJSON, indented as encoding/json indents it,
// without holding the changes. It compares the sets twice: once for the
// counts that come first, and once for the changes, each handed to
// each.
func printDiffJSON(e *env, old, new *sitediff.Set, site *sitediff.Site, each func(sitediff.Change)) (sitediff.Counts, error) {
	n, err := sitediff.Compare(old, new, site, func(sitediff.Change) error { return nil })
	if err != nil {
		return n, err
	}
	head := diffJSON{Added: n.Added, Removed: n.Removed, Changed: n.Changed, Changes: []diffJSONChange{}}
	if site != nil {
		head.NoRedirect = &n.Gone
	}
	b, err := json.MarshalIndent(head, "", "  ")
	if err != nil {
		return n, err
	}
	// b ends with `"changes": []` and "}". The changes go between the
	// brackets.
	b = bytes.TrimSuffix(b, []byte("]\n}"))
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	w.Write(b)
	first := true
	_, err = sitediff.Compare(old, new, site, func(c sitediff.Change) error {
		each(c)
		b, err := json.MarshalIndent(diffJSONChange{Op: string(c.Op), URL: diffURL(c.URL), NoRedirect: c.Gone, To: diffURL(c.To), Fields: c.Fields}, "    ", "  ")
		if err != nil {
			return err
		}
		if !first {
			w.WriteByte(',')
		}
		first = false
		w.WriteString("\n    ")
		_, err = w.Write(b)
		return err
	})
	if err != nil {
		return n, err
	}
	if !first {
		w.WriteString("\n  ")
	}
	w.WriteString("]\n}\n")
	return n, w.Flush()
}
