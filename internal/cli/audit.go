package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/audit"
	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
)

// auditUsage is audit's --help.
var auditUsage = sync.OnceValue(func() string {
	return `sitemapgen audit reads a built site as a search engine crawls it, every page
whole, and reports what Search Console would complain of after the deploy.

Usage:
  sitemapgen audit [flags] [DIR]

It judges every page as a build does (nothing is written), then follows
every <a href> of every page to the file a static host serves for it, and
reports, one line each, path:line first. Errors (exit 1), links a crawler
meets as a 404:
  missing       a link to a path no file serves (404)
  sitemap link  a <link rel="sitemap"> or robots.txt Sitemap: line that
                names no file (a generator's sitemap taken over?)
Advice (exit 0 unless --strict), each line marked "advice:":
  orphan        a page the sitemap lists that no other page links to (the
                home page needs none)
  unlisted      a page the site links to that a search engine would index
                but the sitemap leaves out (excluded, sitemap: false, a draft)
  redirect      a link to a redirect: a meta refresh stub, or a rule of
                _redirects, netlify.toml or vercel.json
  noindex       a link to a page that asks not to be indexed
  canonical     a link to a page whose canonical URL is another, or a
                path with an empty or dot segment (/docs//x/)
  robots.txt    a link to a page robots.txt disallows
  error page    a link to the site's error page (404.html)
  build         a warning of the build: hreflang clusters, robots.txt,
                duplicate URLs, the host's rules, a page it cannot read
Links to other hosts, to other schemes (mailto:, tel:, javascript:, data:)
and to files that are not pages (a PDF, an image) are not checked. Each
check, and how to turn it off, is in docs/audit.md. A server build's folder
(Next.js, Astro, SvelteKit, Nuxt) is refused: its server answers URLs no
file shows; audit a static build instead.

Examples:
  hugo && sitemapgen audit                 the Hugo project's public/
  sitemapgen audit public --base-url https://example.com/
  sitemapgen audit --json public > audit.json

Flags: build's flags (sitemapgen --help) say what the site is: --base-url,
--include, --exclude, --source, --skip-*, robots_txt:, hreflang: ... (those
about writing are taken and unused; --dry-run and --explain are refused).
Its own:
` + config.Settings.Only(config.AuditCommand).Help(config.AuditCommand, 17) + `
--strict (sitemap.yaml: strict) makes advice fail the audit too. With
--json, one object: {"pages", "links", "errors", "advice", "counts",
"findings": [{"path", "line", "kind", "severity", "url", "message"}]}.

Exit status: 0 no error (advice alone exits 0 unless --strict), 1 an error
(or the site could not be read), 2 a usage or configuration error.
`
})

// refusedInAudit are the flags of build that audit does not take.
var refusedInAudit = []string{"dry-run", "explain"}

// runAudit runs "sitemapgen audit": a build that writes nothing, then
// it follows every page's links.
func runAudit(ctx context.Context, e *env, args []string) error {
	c, _, err := configure(e, config.AuditCommand, args)
	if c == nil {
		return err
	}
	v := &c.Values
	if c.Build.Content != nil {
		return usagef("audit reads a built site; --mode content reads source files: name the built site instead")
	}
	switch {
	case c.Build.Served != nil:
		// A static host does not serve its pages as files at their
		// paths, and its other files are in public/. Links would be
		// misjudged.
		return usagef("audit follows links as a static host serves a site's files; %s is a server build's (%s), whose pages no file serves at their URLs: audit a static export instead", c.Build.Root, c.ServerBuild)
	case c.ServerBuild != "":
		// Its server answers paths that no file shows, so a link to one
		// would be called a 404.
		return usagef("audit follows links as a static host serves a site's files; %s is a server build's (%s), whose server answers URLs no file shows (pages rendered on demand, endpoints, redirects): links to them would be called 404s; audit a static build instead", c.Build.Root, c.ServerBuild)
	}
	rep := newReporter(c.Build.Root, e.stderr, v.Quiet, false)
	rep.extras = extraNames(c.Build.Extra)
	c.Build.Report = rep.report()
	ignore := make([]audit.Kind, 0, len(v.AuditIgnore))
	for _, k := range v.AuditIgnore {
		ignore = append(ignore, audit.Kind(k))
	}
	res, err := audit.Run(ctx, audit.Options{Build: c.Build, Show: rep.path, Ignore: ignore})
	rep.finish()
	if err != nil {
		return err
	}
	if v.JSON {
		if err := printAuditJSON(e, rep, res); err != nil {
			return err
		}
	} else {
		for _, f := range res.Findings {
			fmt.Fprintln(e.stdout, diag.Format(findingAt(rep, f), ""))
		}
	}
	errs := 0
	for _, f := range res.Findings {
		if f.Kind.IsError() {
			errs++
		}
	}
	if errs > 0 || v.Strict && len(res.Findings) > 0 {
		return errors.New(auditSummary(res)) // exit 1, said under --quiet too
	}
	say(e.stderr, v.Quiet, "%s", auditSummary(res))
	return nil
}

// findingAt is a finding as the user reads it. Its kind comes first,
// and its path is as typed from the working directory.
func findingAt(rep *reporter, f audit.Finding) *diag.Diagnostic {
	file := f.File
	if file == "" && f.Path != "" {
		file = rep.path(f.Path)
	}
	msg := string(f.Kind) + ": " + f.Msg
	if !f.Kind.IsError() {
		msg = "advice: " + msg
	}
	return &diag.Diagnostic{File: file, Line: f.Line, Msg: msg}
}

// auditSummary is the line that ends an audit.
func auditSummary(res *audit.Result) string {
	s := fmt.Sprintf("audited %s, %s", plural(res.Pages, "page"), plural(res.Links, "link"))
	if len(res.Findings) == 0 {
		return s + ": nothing found"
	}
	count := func(errs bool) (int, string) {
		n := 0
		var parts []string
		for _, k := range audit.Kinds {
			if c := res.Count[k]; c > 0 && k.IsError() == errs {
				n += c
				parts = append(parts, fmt.Sprintf("%d %s", c, kindNames[k][min(c, 2)-1]))
			}
		}
		if n == 0 {
			return 0, ""
		}
		return n, " (" + strings.Join(parts, ", ") + ")"
	}
	ne, es := count(true)
	na, as := count(false)
	return fmt.Sprintf("%s: %s%s and %d advice%s", s, plural(ne, "error"), es, na, as)
}

// kindNames are the summary's names of the kinds, for one and for more.
var kindNames = map[audit.Kind][2]string{
	audit.Orphan:      {"orphan", "orphans"},
	audit.Unlisted:    {"unlisted page", "unlisted pages"},
	audit.Missing:     {"link to a missing page", "links to missing pages"},
	audit.SitemapLink: {"sitemap link to no file", "sitemap links to no file"},
	audit.Redirect:    {"link to a redirect", "links to redirects"},
	audit.NoIndex:     {"link to a noindex page", "links to noindex pages"},
	audit.Canonical:   {"link to a non-canonical URL", "links to non-canonical URLs"},
	audit.Blocked:     {"link robots.txt blocks", "links robots.txt blocks"},
	audit.ErrorPage:   {"link to the error page", "links to the error page"},
	audit.Build:       {"build warning", "build warnings"},
}

// auditJSON is --json's object.
type auditJSON struct {
	Pages    int            `json:"pages"`
	Links    int            `json:"links"`
	Errors   int            `json:"errors"`
	Advice   int            `json:"advice"`
	Counts   map[string]int `json:"counts"`
	Findings []findingJSON  `json:"findings"`
}

// findingJSON is one finding of audit's and validate's --json.
type findingJSON struct {
	Path     string `json:"path"`
	Line     int    `json:"line,omitempty"`
	Kind     string `json:"kind"`
	Severity string `json:"severity,omitempty"`
	URL      string `json:"url,omitempty"`
	Message  string `json:"message"`
}

func printAuditJSON(e *env, rep *reporter, res *audit.Result) error {
	out := auditJSON{Pages: res.Pages, Links: res.Links, Counts: map[string]int{}, Findings: []findingJSON{}}
	for k, n := range res.Count {
		out.Counts[string(k)] = n
	}
	for _, f := range res.Findings {
		d := findingAt(rep, f)
		sev := "advice"
		if f.Kind.IsError() {
			sev = "error"
			out.Errors++
		} else {
			out.Advice++
		}
		out.Findings = append(out.Findings, findingJSON{Path: d.File, Line: f.Line, Kind: string(f.Kind), Severity: sev, URL: f.URL, Message: f.Msg})
	}
	return json.NewEncoder(e.stdout).Encode(out)
}
