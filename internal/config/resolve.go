package config

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/project"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// Config is what Resolve makes of a command line: a build's options, and
// how to run and report it.
type Config struct {
	Build pipeline.Options
	// Values are the settings as resolved.
	Values Values
	// ConfigFile is the file that was read, or "".
	ConfigFile string
	// BaseURLFrom says where the base URL came from: "--base-url", the
	// environment variable's name, the config file's name, or what the
	// project said.
	BaseURLFrom string
	// Detected is the one line that says what was found rather than
	// given (the site folder, the base URL, the platform's URL style); ""
	// when nothing was.
	Detected string
	// RootFrom says what named the site folder when neither DIR nor
	// root: did: the platform's or the generator's file.
	RootFrom string
	// Platform is the hosting platform whose URL style and redirects
	// apply, "" for none.
	Platform string
	// ServerBuild, when the site folder is a server build's, says what
	// built it (project.Project.ServerBuild): its server answers URLs
	// no file shows. "" for a site of files.
	ServerBuild string
	// Deploy names a preview deploy ("Netlify deploy-preview"), "" for
	// production or outside a platform.
	Deploy string
	// SkipWrite, when set, says why this run writes no sitemap (a
	// preview, with previews: skip).
	SkipWrite string
	// Warnings are problems with the platform's files, to report.
	Warnings []error
	// Changes is the path of the changes file to write (Values.Changes),
	// "" for none; ChangesDir is the folder it is inside of, as
	// postbuild.Options has them: "" for a path the user named, else (a
	// path of the settings file) the project's tree, as seen from the
	// working directory, and Changes the path inside it.
	Changes, ChangesDir string
	// Generator names the generator whose output folder the sitemaps are
	// written into ("Hugo"), "" for none. Its sitemaps there are taken
	// over (Build.TakeOverOwn) unless keep_generator_sitemaps.
	Generator string
	// MTimeLeftOut, when the mtime lastmod source was left out of the
	// default sources, says why: the site folder is a generator's
	// output, whose files' times are its build's ("from Hugo's build").
	MTimeLeftOut string
	// LastModOrder, when the generator's configuration says in what
	// order it dates pages, says that order and where it comes from, for
	// --verbose: "git, then front matter lastmod, modified … (Hugo
	// enableGitInfo, config/production/hugo.toml)".
	LastModOrder string
	// Inputs are the configuration files whose change changes the
	// settings: the config file (./sitemap.yaml when none was read, in
	// case it appears) and the generator's configuration files. Watch
	// mode resolves again when one changes.
	Inputs []string
}

// Writes reports whether a build with c writes files: not a dry run, a
// check or an explanation.
func (c *Config) Writes() bool {
	return !c.Values.DryRun && !c.Values.Check && len(c.Values.Explain) == 0
}

// ErrNoBaseURL is returned when no source gives a base URL.
var ErrNoBaseURL = errors.New(`no base URL: the sitemap needs the absolute URL the site is served at
hint: give it in one of these ways (the first found wins):
  --base-url https://example.com/
  ` + BaseURLEnv + `=https://example.com/ in the environment
  base_url: https://example.com/ in ` + DefaultFile)

// ErrNoRoot is returned when neither DIR nor the file's root names the site
// folder.
var ErrNoRoot = errors.New(`no site folder given
hint: name the built site, as in 'sitemapgen public', or set root: in ` + DefaultFile)

// Resolve reads the configuration file (--config, or sitemap.yaml in the
// working directory when it exists), applies the environment (through
// getenv) and the command line over it, fills in what the project says,
// and returns the build's settings. DIR is the command line's argument,
// if any. Every error it returns is a configuration or usage error.
func Resolve(cmd *Line[Values], getenv func(string) string) (*Config, error) {
	c := &Config{}
	l, err := layer(cmd, getenv)
	if err != nil {
		return nil, err
	}
	v := &l.v
	c.ConfigFile = l.fileName()
	if c.ConfigFile != "" {
		c.Inputs = append(c.Inputs, c.ConfigFile)
	} else if !cmd.Given("config") {
		c.Inputs = append(c.Inputs, DefaultFile)
	}

	pr, err := project.Discover(l.ask(c.ConfigFile, getenv), getenv)
	if err != nil {
		return nil, err
	}
	l.under(pr)
	c.Inputs = append(c.Inputs, pr.Inputs...)
	c.Warnings = append(c.Warnings, pr.Warnings...)
	c.Detected, c.RootFrom, c.Platform, c.ServerBuild = pr.Detected, pr.RootFrom, pr.Platform, pr.ServerBuild
	c.BaseURLFrom = cmp.Or(pr.BaseURLFrom, l.from["base_url"])
	if pr.Preview != "" {
		c.Deploy = pr.Preview
		if v.Previews == PreviewsSkip {
			c.SkipWrite = c.Deploy + " build, and previews: skip"
		}
	}
	c.Values = *v
	c.Warnings = append(c.Warnings, l.warnings...)
	if l.peer["index.extra"] {
		// A peer's other sitemaps (Astro's customSitemaps) that an index
		// here cannot list are said, and left out.
		var kept []string
		for _, e := range v.Index.Extra {
			if msg := extraScope(e, v); msg != "" {
				c.Warnings = append(c.Warnings, fmt.Errorf("%s is not taken: %s", l.from["index.extra"], msg))
				continue
			}
			kept = append(kept, e)
		}
		c.Values.Index.Extra = kept
	} else if err := checkExtraScope(l, v.Index.Extra, v); err != nil {
		return nil, err
	}
	if w := xslOrigin(l, v.XSL, v.BaseURL); w != nil {
		c.Warnings = append(c.Warnings, w)
	}
	if line := sitemapsElsewhere(v); line != nil {
		if v.Robots {
			c.Detected = strings.TrimPrefix(c.Detected+"; "+line.Error(), "; ")
		} else {
			c.Warnings = append(c.Warnings, line)
		}
	}
	c.options(l, pr)
	return c, nil
}

// checkExtraScope checks that the other sitemaps index.extra lists may be
// listed by the index, served at v's sitemaps URL (sitemaps_url, else
// the base URL): on its scheme and host, under its path (the protocol's
// scope, which validate checks too), and none a name of sitemapgen's own
// files beside the index. The error is at the item's line.
func checkExtraScope(l *layers, extra []string, v *Values) error {
	for i, e := range extra {
		msg := extraScope(e, v)
		if msg == "" {
			continue
		}
		key := fmt.Sprintf("index.extra[%d]", i)
		return diag.At(l.fileName(), l.line(key), key+": "+msg) // only the file gives index.extra
	}
	return nil
}

// extraScope says why the index, served at v's sitemaps URL (sitemaps_url,
// else the base URL), cannot list the other sitemap e, "" when it can.
func extraScope(e string, v *Values) string {
	at, what := v.BaseURL, "the base URL"
	if v.SitemapsURL != "" {
		at, what = v.SitemapsURL, "the sitemaps URL"
	}
	b, err := url.Parse(at)
	if err != nil {
		return err.Error() // checked before
	}
	u, _ := url.Parse(e) // checked by extraSitemap
	switch rest, under := strings.CutPrefix(u.EscapedPath(), b.EscapedPath()); {
	case !strings.EqualFold(u.Scheme, b.Scheme) || !strings.EqualFold(u.Host, b.Host) || !under:
		return fmt.Sprintf("%s is not under %s %s: an index lists only sitemaps under its own folder", e, what, at)
	case writer.IsOwnName(rest):
		return fmt.Sprintf("%s is a file sitemapgen writes itself", e)
	}
	return ""
}

// xslOrigin returns a warning when the stylesheet xsl is an absolute URL
// on another origin (scheme, host, port) than baseURL's, where the
// sitemaps are: a browser applies no stylesheet of another origin, and
// shows the sitemap without it. nil when it is on the site's origin, a
// path from its root, or there is no base URL.
func xslOrigin(l *layers, xsl, baseURL string) error {
	if xsl == "" || strings.HasPrefix(xsl, "/") || baseURL == "" {
		return nil
	}
	schemeHost := func(s string) string {
		n, err := mapping.NormalizeURL(s, nil)
		if err != nil {
			return ""
		}
		u, _ := url.Parse(n)
		return u.Scheme + "://" + u.Host
	}
	site := schemeHost(baseURL)
	if o := schemeHost(xsl); o == "" || o == site {
		return nil
	}
	msg := fmt.Sprintf("xsl %s is not on the origin of the base URL, %s: browsers apply a stylesheet only from the sitemap's own origin; the sitemaps show without it", diag.URL(xsl), site)
	hint := "serve the stylesheet from the site, and name it by its path: "
	switch from := l.from["xsl"]; {
	case l.file != nil && from == l.file.Name:
		return &diag.Diagnostic{File: from, Line: l.line("xsl"), Msg: msg, Hint: hint + "xsl: /sitemap.xsl"}
	case strings.HasPrefix(from, "--"):
		return &diag.Diagnostic{Msg: "--" + msg, Hint: hint + "--xsl /sitemap.xsl"}
	default:
		return &diag.Diagnostic{Msg: msg + " (" + from + ")", Hint: hint + "/sitemap.xsl"}
	}
}

// sitemapsElsewhere says, when sitemaps_url serves the sitemap files
// outside the folder of the pages' base URL (another host, or another
// folder), what makes search engines take them: the protocol lets a
// sitemap list only URLs under its own folder, unless the robots.txt of
// the pages' host names it (a cross-host submission), which --robots
// writes. nil when they are served under the base URL.
func sitemapsElsewhere(v *Values) error {
	if v.SitemapsURL == "" || v.BaseURL == "" {
		return nil
	}
	base, err := mapping.ParseBaseURL(v.BaseURL)
	if err != nil || strings.HasPrefix(strings.ToLower(v.SitemapsURL), strings.ToLower(base)) {
		return nil
	}
	robots := base
	if u, err := url.Parse(base); err == nil {
		robots = u.Scheme + "://" + u.Host + "/robots.txt"
	}
	msg := fmt.Sprintf("the sitemaps are served at %s, outside the pages' %s: search engines take them only where %s names them in Sitemap: lines (the protocol's cross-host submission)", diag.URL(v.SitemapsURL), diag.URL(base), robots)
	if v.Robots {
		return errors.New(msg + ", which --robots writes")
	}
	return errors.New(msg + ": give --robots (robots: true) to write them, or add them yourself")
}
