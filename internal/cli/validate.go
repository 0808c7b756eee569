package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/validate"
	"github.com/sitemapgen/sitemapgen/writer"
)

// validateFlags are validate's flags.
var validateFlags = config.Table[validate.Options]{
	{Flag: "base-url", Arg: "URL", Help: []string{
		"the URL the folder given is served at (a file's own",
		"folder, or --site's when it is in it): each sitemap may",
		"list only URLs under its own folder (the protocol's scope)"},
		Field: config.String(func(o *validate.Options) *string { return &o.BaseURL }, "", nil)},
	{Flag: "site", Arg: "DIR", Help: []string{
		"the built site: every URL must map to a file in DIR",
		"(needs --base-url)"},
		Field: config.String(func(o *validate.Options) *string { return &o.Site }, "", nil)},
}

var validateUsage = `sitemapgen validate checks sitemap files and sitemap indexes against the
Sitemaps 0.9 protocol, natively (no xmllint): well-formed XML, the
sitemaps.org namespace, the elements in the order the schemas give, their
values (absolute URLs under 2,048 characters, W3C dates, changefreq,
priority 0.0–1.0, hreflang links), the limits (50,000 entries, 50 MiB),
duplicate URLs, index entries that name a missing file, and the hreflang
clusters across the files given (each alternate a <loc> listing the page
back, each page in its own cluster, one x-default, BCP 47 codes; with
--site, no alternate whose page is noindex, a redirect, canonical
elsewhere or missing). A file is read
up to 50 MiB (compressed and uncompressed), 64 levels of nesting and
2,500,000 elements: past one, the problem says where reading stopped.

Usage:
  sitemapgen validate [flags] PATH...

PATH is a regular file (.xml or .xml.gz) or a folder, searched for *.xml
and *.xml.gz; in a folder, files that are not sitemaps are skipped.

Flags:
` + validateFlags.Help("validate", 19) + `
Output: one "file:line: problem" line a problem, then a summary.
Exit status: 0 no problem, 1 a problem (or no sitemap found), 2 usage.
`

// runValidate runs "sitemapgen validate".
func runValidate(ctx context.Context, e *env, args []string) error {
	line, err := parse(e, validateFlags, "sitemapgen validate", validateUsage, args)
	if line == nil {
		return err // --help, --version, or the command line is wrong
	}
	opts := line.Values
	switch {
	case len(line.Args) == 0:
		err = errors.New("no sitemap file or folder given")
	case opts.Site != "" && opts.BaseURL == "":
		err = errors.New("--site needs --base-url: the URL the site is served at")
	}
	if err != nil {
		return badCommandLine("sitemapgen validate", err)
	}
	opts.Recorded = writer.Recorded // an index's entries that are no file of ours: index.extra
	problems, checked, err := validate.CheckContext(ctx, line.Args, opts)
	for _, p := range problems {
		fmt.Fprintln(e.stdout, p)
	}
	switch {
	case err != nil:
		return err
	case checked == 0:
		return errors.New("no sitemap file found")
	case len(problems) > 0:
		return fmt.Errorf("%s in %s", plural(len(problems), "problem"), plural(checked, "sitemap file"))
	}
	say(e.stderr, false, "%s checked, no problem", plural(checked, "sitemap file"))
	return nil
}
