package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/sitemapgen/sitemapgen/internal/validate"
)

const validateUsage = `sitemapgen validate checks sitemap files and sitemap indexes against the
Sitemaps 0.9 protocol, natively (no xmllint): well-formed XML, the
sitemaps.org namespace, the elements in the order the schemas give, their
values (absolute URLs under 2,048 characters, W3C dates, changefreq,
priority 0.0–1.0, hreflang links), the limits (50,000 entries, 50 MiB),
duplicate URLs, and index entries that name a missing file.

Usage:
  sitemapgen validate [flags] PATH...

PATH is a file (.xml or .xml.gz) or a folder, searched for *.xml and
*.xml.gz; in a folder, files that are not sitemaps are skipped.

Flags:
  --base-url URL   the URL the folder given is served at: each sitemap may
                   list only URLs under its own folder (the protocol's scope)
  --site DIR       the built site: every URL must map to a file in DIR
                   (needs --base-url)

Output: one "file:line: problem" line a problem, then a summary.
Exit status: 0 no problem, 1 a problem (or no sitemap found), 2 usage.
`

// runValidate runs "sitemapgen validate".
func runValidate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sitemapgen validate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var opts validate.Options
	fs.StringVar(&opts.BaseURL, "base-url", "", "")
	fs.StringVar(&opts.Site, "site", "", "")
	paths, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, validateUsage)
		return exitOK
	}
	if err == nil && len(paths) == 0 {
		err = errors.New("no sitemap file or folder given")
	}
	if err == nil && opts.Site != "" && opts.BaseURL == "" {
		err = errors.New("--site needs --base-url: the URL the site is served at")
	}
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\nRun 'sitemapgen validate --help' for usage.\n", err)
		return exitUsage
	}
	problems, checked, err := validate.Check(paths, opts)
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
	}
	if err != nil {
		fmt.Fprintf(stderr, "sitemapgen: %v\n", err)
		return exitFailed
	}
	switch {
	case checked == 0:
		fmt.Fprintln(stderr, "sitemapgen: no sitemap file found")
		return exitFailed
	case len(problems) > 0:
		fmt.Fprintf(stderr, "sitemapgen: %s in %s\n", plural(len(problems), "problem"), plural(checked, "sitemap file"))
		return exitFailed
	}
	fmt.Fprintf(stderr, "sitemapgen: %s checked, no problem\n", plural(checked, "sitemap file"))
	return exitOK
}
