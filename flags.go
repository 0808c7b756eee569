package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/config"
)

const usage = `sitemapgen writes the sitemaps of a built static site.

Usage:
  sitemapgen [build] [flags] [DIR]   write the sitemaps of the site in DIR
  sitemapgen watch [flags] [DIR]     write them, then again after each change
  sitemapgen validate PATH...        check sitemap files against the protocol
  sitemapgen submit [flags]          post the URLs a build with --changes
                                     found changed to IndexNow
  sitemapgen init                    write a commented sitemap.yaml with what
                                     the project's files say
  sitemapgen version                 print the version
  sitemapgen help                    print this help

DIR is the site's built output (Hugo public/, Jekyll _site/, Astro dist/ ...),
or root: in sitemap.yaml; with --mode content, the folder of source files
(Hugo content/, a Jekyll site). Flags may come before or after DIR.

Without DIR, root: or a base URL, sitemapgen reads what the project already
says: the generator's config in the working directory (Hugo, Jekyll, Astro,
Eleventy, Next.js static export, MkDocs, Docusaurus) for the site folder and
base URL, and the hosting platform's build environment and files (Netlify,
Vercel, Cloudflare Pages, GitHub Actions) for the production URL and the URL
style the host serves. It says what it found in one line.

The base URL, first found: --base-url, SITEMAP_BASE_URL, base_url: in
sitemap.yaml, the platform's production URL (Netlify URL, Vercel
VERCEL_PROJECT_PRODUCTION_URL), the generator's config (Hugo baseURL, Jekyll
url + baseurl, Astro site + base, MkDocs site_url, Docusaurus url + baseUrl),
then a guess from Cloudflare Pages' pages.dev name or GitHub Pages' address.

Examples:
  hugo && sitemapgen                   a Hugo project: public/, hugo.toml's
                                       baseURL
  hugo && sitemapgen --base-url https://example.com/ public
  jekyll build && sitemapgen _site --base-url https://example.org/blog/ --robots
  sitemapgen public --gzip --text --exclude 'drafts/**'
  sitemapgen --dry-run public          list the URLs; write nothing
  sitemapgen public --explain public/old/index.html
                                       why is that page left out?
  SITEMAP_BASE_URL=https://example.com/ sitemapgen public
  sitemapgen public --source content   built pages take their source's front
                                       matter: drafts, sitemap: false, lastmod
  sitemapgen --mode content --preset hugo --base-url https://example.com/
                                       the URLs of content/ as Hugo gives
                                       them; the sitemaps go into public/

Flags (each is also a key of sitemap.yaml, spelled with _ for -):
  --config FILE        read FILE instead of ./sitemap.yaml
  --base-url URL       the absolute URL DIR is served at; a path is allowed
                       (https://example.org/docs/). Also SITEMAP_BASE_URL
  --out DIR2           write the sitemaps into DIR2 instead of DIR; their URLs
                       still name the base URL, as if DIR2 were the site
  --include GLOB       list files matching GLOB (repeatable; replaces the
                       default **/*.html and **/*.htm; e.g. --include '**/*.pdf')
  --exclude GLOB       leave out files matching GLOB (repeatable; a folder
                       that matches is not entered: --exclude drafts)
  --gzip               write sitemap.xml.gz and .xml.gz shards
  --text               also write sitemap.txt, one URL a line
  --robots             add the Sitemap: lines to robots.txt, keeping the rest
  --max-urls N         at most N URLs per file (default 50000, the most allowed)
  --max-bytes N        every file stays under N bytes, uncompressed (default
                       10485760; at most 52428800)
  --clean-urls         list about.html as /about (the host must serve that;
                       default: as the platform serves, else false)
  --trailing-slash     folder URLs end in / (default: as the platform serves,
                       else true; =false for hosts that serve /docs)
  --lastmod-format F   datetime (2024-05-01T09:30:00Z, the default) or date
  --lastmod-sources L  where lastmod comes from, first that knows wins
                       (default frontmatter,meta,git,mtime: the source's
                       front matter, the page's head, the last commit that
                       touched the page's source or tracked file, then the
                       file's time; hash when a state file is there, see
                       --state)
  --state FILE         the hash lastmod source's state file (default
                       .sitemapgen/state.json, used when it exists): each
                       URL's content hash and the date it last changed, so
                       dates survive fresh clones. Keep it in the CI cache
  --read-heads         read each page's <head> (default true): noindex pages,
                       redirect stubs and non-canonical pages are left out,
                       hreflang alternates listed; =false lists files alone
  --follow-symlinks    follow symbolic links that stay inside DIR
  --mode M             output (default: DIR is the built site) or content (DIR
                       holds source files; each URL comes from --preset)
  --source DIR3        in output mode, the source files (content/) whose front
                       matter the built pages with their URLs take
  --preset P           hugo, jekyll or plain: how a source file's URL follows
                       from its path and front matter (default: hugo when a
                       Hugo config is here, jekyll when _config.yml is, else
                       plain)
  --host H             auto (default), netlify, vercel, cloudflare-pages,
                       github-pages or none: the platform whose URL style
                       (clean URLs, trailing slashes) and redirect rules to
                       follow; auto takes it from the build environment, else
                       from netlify.toml, vercel.json or wrangler.toml
  --previews P         in a Netlify or Vercel preview deploy: production-url
                       (default: list the production URLs), own-url (the
                       preview's own) or skip (write no sitemap)
  --drafts             list pages whose front matter says draft: true
  --future             list pages dated in the future, or expired
  --strict             a front matter problem fails the build (exit 1)
  --changes FILE       write the URLs added (+), changed (~) and removed (-)
                       since the previous build to FILE, for 'sitemapgen
                       submit'; the previous build is the hash state file
                       when there is one, else the sitemaps in DIR
  --key-file           write the IndexNow key file KEY.txt (the key from
                       INDEXNOW_KEY) into DIR, for 'sitemapgen submit'
  --feed               also write feed.xml, an Atom feed of the most
                       recently modified URLs (feed: in sitemap.yaml sets
                       limit and title)
  --dry-run            print the URLs that would be written; write nothing
  --check              compare the sitemaps on disk with what would be
                       written: exit 1 listing the files that differ (CI);
                       write nothing
  --explain PAGE       say why PAGE (a path, a URL or a URL path) is in the
                       sitemap or not and where its values came from; write
                       nothing (repeatable)
  --quiet              print errors only
  --verbose            also print, for every page, whether it is listed and
                       why
  -h, --help           print this help

Files written into DIR (or DIR2): sitemap.xml, a <urlset> when every URL fits
in one file, otherwise a <sitemapindex> of shards named after their content
(sitemap-1-HASH.xml, sitemap-2-HASH.xml ...); sitemap.txt with --text. The
set is replaced atomically: a run killed at any instant leaves the previous
set or the new one. Sitemap files of an earlier run that are no longer
needed are removed; nothing else is touched.

Run 'sitemapgen watch --help' for watch mode, 'sitemapgen validate --help'
for checking sitemaps.

Exit status: 0 the sitemaps were written, 1 the build failed (nothing found,
an I/O error), 2 a usage or configuration error.
`

// listFlag is a repeatable string flag.
type listFlag struct{ list *[]string }

func (l listFlag) String() string {
	if l.list == nil {
		return ""
	}
	return strings.Join(*l.list, ",")
}

func (l listFlag) Set(s string) error {
	*l.list = append(*l.list, s)
	return nil
}

// parseFlags parses the arguments of build (flags anywhere, at most one
// DIR) or, with watch, of watch,
// which also takes --debounce, --max-wait and --poll and not --dry-run or
// --explain.
func parseFlags(args []string, watch bool) (config.Flags, watchFlags, error) {
	var wf watchFlags
	fs := flag.NewFlagSet("sitemapgen", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}

	var (
		cfg, baseURL, out, lastmod, sources, state           string
		mode, source, preset, hostName, previews             string
		drafts, future, strict, check, keyFile, feedOn       bool
		changesFile                                          string
		include, exclude, explain                            []string
		gz, text, robots, dry, quiet, verbose, clean, follow bool
		slash, heads                                         = true, true
		maxURLs, maxBytes                                    int
	)
	fs.StringVar(&cfg, "config", "", "")
	fs.StringVar(&baseURL, "base-url", "", "")
	fs.StringVar(&out, "out", "", "")
	fs.Var(listFlag{&include}, "include", "")
	fs.Var(listFlag{&exclude}, "exclude", "")
	fs.BoolVar(&gz, "gzip", false, "")
	fs.BoolVar(&text, "text", false, "")
	fs.BoolVar(&robots, "robots", false, "")
	fs.IntVar(&maxURLs, "max-urls", 0, "")
	fs.IntVar(&maxBytes, "max-bytes", 0, "")
	fs.BoolVar(&clean, "clean-urls", false, "")
	fs.BoolVar(&slash, "trailing-slash", true, "")
	fs.StringVar(&lastmod, "lastmod-format", "", "")
	fs.BoolVar(&follow, "follow-symlinks", false, "")
	fs.BoolVar(&heads, "read-heads", true, "")
	fs.StringVar(&sources, "lastmod-sources", "", "")
	fs.StringVar(&state, "state", "", "")
	fs.Var(listFlag{&explain}, "explain", "")
	fs.BoolVar(&dry, "dry-run", false, "")
	fs.BoolVar(&quiet, "quiet", false, "")
	fs.BoolVar(&verbose, "verbose", false, "")
	fs.StringVar(&mode, "mode", "", "")
	fs.StringVar(&source, "source", "", "")
	fs.StringVar(&preset, "preset", "", "")
	fs.BoolVar(&drafts, "drafts", false, "")
	fs.BoolVar(&future, "future", false, "")
	fs.BoolVar(&strict, "strict", false, "")
	fs.StringVar(&hostName, "host", "", "")
	fs.StringVar(&previews, "previews", "", "")
	fs.BoolVar(&keyFile, "key-file", false, "")
	fs.BoolVar(&feedOn, "feed", false, "")
	if !watch {
		fs.BoolVar(&check, "check", false, "")
		fs.StringVar(&changesFile, "changes", "", "")
	}
	if watch {
		fs.DurationVar(&wf.debounce, "debounce", 200*time.Millisecond, "")
		fs.DurationVar(&wf.maxWait, "max-wait", 2*time.Second, "")
		fs.DurationVar(&wf.poll, "poll", time.Second, "")
	}

	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return config.Flags{}, wf, err
	}
	var fl config.Flags
	switch len(pos) {
	case 0:
	case 1:
		fl.Root = pos[0]
	default:
		return fl, wf, usageError("one site folder at a time; got " + strings.Join(pos, ", "))
	}
	if watch {
		for _, name := range []string{"dry-run", "explain"} {
			if f := fs.Lookup(name); f != nil && f.Value.String() != f.DefValue {
				return fl, wf, usageError("--" + name + " is for build, not watch")
			}
		}
		for _, d := range []struct {
			name string
			v    time.Duration
		}{{"debounce", wf.debounce}, {"max-wait", wf.maxWait}, {"poll", wf.poll}} {
			if d.v <= 0 {
				return fl, wf, usageError(fmt.Sprintf("--%s %v: must be more than 0", d.name, d.v))
			}
		}
	}
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "config":
			fl.Config = &cfg
		case "base-url":
			fl.BaseURL = &baseURL
		case "out":
			fl.Out = &out
		case "include":
			fl.Include = include
		case "exclude":
			fl.Exclude = exclude
		case "gzip":
			fl.Gzip = &gz
		case "text":
			fl.Text = &text
		case "robots":
			fl.Robots = &robots
		case "max-urls":
			fl.MaxURLs = &maxURLs
		case "max-bytes":
			fl.MaxBytes = &maxBytes
		case "clean-urls":
			fl.CleanURLs = &clean
		case "trailing-slash":
			fl.TrailingSlash = &slash
		case "lastmod-format":
			fl.LastModFormat = &lastmod
		case "follow-symlinks":
			fl.FollowSymlinks = &follow
		case "read-heads":
			fl.ReadHeads = &heads
		case "lastmod-sources":
			fl.LastModSources = strings.Split(sources, ",")
			for i := range fl.LastModSources {
				fl.LastModSources[i] = strings.TrimSpace(fl.LastModSources[i])
			}
		case "state":
			fl.State = &state
		case "check":
			fl.Check = &check
		case "explain":
			fl.Explain = explain
		case "dry-run":
			fl.DryRun = &dry
		case "quiet":
			fl.Quiet = &quiet
		case "verbose":
			fl.Verbose = &verbose
		case "mode":
			fl.Mode = &mode
		case "source":
			fl.Source = &source
		case "preset":
			fl.Preset = &preset
		case "drafts":
			fl.Drafts = &drafts
		case "future":
			fl.Future = &future
		case "strict":
			fl.Strict = &strict
		case "host":
			fl.Host = &hostName
		case "previews":
			fl.Previews = &previews
		case "changes":
			fl.Changes = &changesFile
		case "key-file":
			fl.KeyFile = &keyFile
		case "feed":
			fl.Feed = &feedOn
		}
	})
	return fl, wf, nil
}

// parseInterspersed parses flags that may come before, between and after
// the positional arguments, which it returns. "--" ends the flags. It
// splits args by looking each flag up, so a flag's value is never taken
// for a positional argument or for "--", then parses the flags at once.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue // Parse reports it
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, usageError(doubleDash.Replace(err.Error()))
	}
	return pos, nil
}

// doubleDash spells flags in the flag package's messages as --help teaches
// them.
var doubleDash = strings.NewReplacer("defined: -", "defined: --", "flag -", "flag --", "argument: -", "argument: --")

// usageError is a problem with the command line (exit status 2).
type usageError string

func (e usageError) Error() string { return string(e) }

const watchUsage = `sitemapgen watch writes the sitemaps of a site, then keeps them current
while the site changes, until Ctrl-C (SIGINT) or SIGTERM, which exit 0.

Usage:
  sitemapgen watch [flags] [DIR]

It builds once, then watches DIR (and the source folder of --source or
--mode content, sitemap.yaml and the generator's configuration) and, after
each burst of changes, reads again only the pages that changed and rewrites
only the sitemap files whose bytes change (the index last). A change to
sitemap.yaml reloads it; an invalid one is reported and the last good one
kept. Run it beside 'hugo server', 'jekyll build --watch', 'astro build
--watch' or an editor.

Each rebuild prints one line:
  sitemapgen: +3 −1 ~2 URLs, 2 files written, 14 ms
(URLs added, removed and changed; files written; time taken).

Examples:
  sitemapgen watch --base-url https://example.com/ public
  sitemapgen watch public --source content --debounce 500ms

Flags: every flag of build (sitemapgen --help) but --dry-run, --explain,
--check and --changes, and
  --debounce D   wait until no change has come for D (default 200ms)
  --max-wait D   but never longer than D after the first change, even while
                 changes keep coming (default 2s)
  --poll D       how often to scan when the system's limit on watches is
                 reached and watch mode falls back to scanning (default 1s)

Exit status: 0 stopped by a signal, 2 a usage or configuration error at start
(later errors are reported and watching goes on).
`
