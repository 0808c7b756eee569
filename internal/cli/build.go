package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/dirlock"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/gcpace"
	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
	"github.com/sitemapgen/sitemapgen/internal/indexnow"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/postbuild"
	"github.com/sitemapgen/sitemapgen/internal/robots"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/writer"
)

// generatorsHelp is the paragraph of the build's help that lists the
// generators sitemapgen reads and the presets of --preset. It takes
// both from the registry, so a new generator needs no line here.
func generatorsHelp() string {
	return wrapWords("Generators: "+registry.Titles("and")+". Presets of --preset: "+registry.List(config.Presets, "and")+".", 79)
}

// wrapWords breaks text between words into lines of at most width
// columns. Each line ends with a line break.
func wrapWords(text string, width int) string {
	var b strings.Builder
	line := 0
	for _, w := range strings.Fields(text) {
		n := utf8.RuneCountInString(w)
		if line > 0 && line+1+n > width {
			b.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += n
	}
	b.WriteByte('\n')
	return b.String()
}

// buildUsage is build's --help. The table of settings lists its
// flags.
var buildUsage = sync.OnceValue(func() string {
	return `sitemapgen writes the sitemaps of a built static site.

Usage:
  sitemapgen [build] [flags] [DIR]   write the sitemaps of the site in DIR
  sitemapgen watch [flags] [DIR]     write them, then again after each change
  sitemapgen validate PATH...        check sitemap files against the protocol
  sitemapgen audit [flags] [DIR]     read every page's links: orphans, broken
                                     links, pages the sitemap misses
  sitemapgen diff OLD NEW            compare two sitemap sets: URLs added,
                                     removed (with no redirect?), changed
  sitemapgen submit [flags]          post the URLs a build with --changes
                                     found changed to IndexNow
  sitemapgen init                    write a commented sitemap.yaml with what
                                     the project's files say
  sitemapgen version                 print the version (also --version)
  sitemapgen help [COMMAND]          print this help, or COMMAND's

DIR is the site's built output (Hugo public/, Jekyll _site/, Astro dist/ ...),
or root: in sitemap.yaml; with --mode content, the folder of source files
(Hugo content/, a Jekyll site). Flags may come before or after DIR.

Without DIR, root: or a base URL, sitemapgen reads what the project already
says: the config in the working directory of a generator listed below
(Next.js's static export, or what next build prerendered; SvelteKit with
adapter-static or adapter-node) for the site folder and base URL, and the
hosting platform's build environment and files (Netlify, Vercel, Cloudflare
Pages, GitHub Actions) for the production URL and the URL style the host
serves. It says what it found in one line.

` + generatorsHelp() + `
The base URL, first found: --base-url, SITEMAP_BASE_URL, base_url: in
sitemap.yaml, the platform's production URL (Netlify URL, Vercel
VERCEL_PROJECT_PRODUCTION_URL), the generator's config (Hugo baseURL, Jekyll
url + baseurl, Astro site + base, MkDocs site_url, Docusaurus url + baseUrl,
Gatsby siteUrl, VitePress sitemap.hostname, Nuxt site.url ...), then a guess
from Cloudflare Pages' pages.dev name or GitHub Pages' address.

Examples:
  hugo && sitemapgen                   a Hugo project: public/, hugo.toml's
                                       baseURL
  hugo && sitemapgen --base-url https://example.com/ public
  jekyll build && sitemapgen _site --base-url https://example.org/blog/
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

Flags (each is also a key of sitemap.yaml, spelled with _ for -, unless its
help names another; † marks a flag that has no key):
` + config.Settings.Help(config.BuildCommand, 23) + `  -h, --help           print this help
      --version        print the version

Files written into DIR (or DIR2): sitemap.xml, a <urlset> when every URL fits
in one file, otherwise a <sitemapindex> of shards named after their content
(sitemap-1-HASH.xml, sitemap-2-HASH.xml ...); sitemap.txt with --text. The
set is replaced atomically: a run killed at any instant leaves the previous
set or the new one. Sitemap files of an earlier run that are no longer
needed are removed, and so are, in a generator's output folder, the
sitemaps the generator wrote (--keep-generator-sitemaps keeps them);
nothing else is touched.

Run 'sitemapgen watch --help' for watch mode, 'sitemapgen validate --help'
for checking sitemaps.

Exit status: 0 the sitemaps were written, or none because every page found
is left out on purpose (noindex, X-Robots-Tag, robots.txt ...: the earlier
set is removed); 1 the build failed (nothing found, every page skipped by a
mistake such as a wrong base URL, an I/O error); 2 a usage or configuration
error.
`
})

// startPacer starts the collector's pacer of a build (a test counts its
// calls).
var startPacer = gcpace.Start

// runBuild runs "sitemapgen [build]": one build of the site's sitemaps.
func runBuild(ctx context.Context, e *env, args []string) error {
	c, _, err := configure(e, config.BuildCommand, args)
	if c == nil {
		return err // --help, or the command line is wrong
	}
	v := &c.Values
	if v.JSON && (v.Check || len(v.Explain) > 0) {
		return usagef("--json prints a build's summary; --check and --explain print their own answers")
	}
	if c.SkipWrite != "" {
		return skipWrite(ctx, e, c)
	}
	if c.Writes() || v.Check {
		lock, err := lockOutput(ctx, e, c, v.NoWait)
		if err != nil {
			return err
		}
		defer lock.Release()
	}
	out, err := prepareOutputs(c, e.getenv, func(msg string) { say(e.stderr, v.Quiet, "%s", msg) }, warnTo(e.stderr))
	if err != nil {
		return err
	}
	rep := newReporter(c.Build.Root, e.stderr, v.Quiet, v.Verbose)
	rep.extras = extraNames(c.Build.Extra)
	rep.explainTo, rep.dates = e.stdout, c.Build.Write.LastModFormat
	rep.settings(c)
	c.Build.Report = rep.report()
	c.Build.KeepLeftOut = c.Writes() && v.Changes != "" // a removed URL whose page is still there is not gone
	if e.getenv("GOGC") == "" {
		defer startPacer()() // the heap grows by an eighth of what is live between cycles, not by all of it
	}
	res, err := pipeline.Run(ctx, c.Build)
	var dev *pipeline.DevServerError
	if len(v.Explain) > 0 && errors.As(err, &dev) {
		// A build refuses a dev server's output. --explain explains its
		// pages as watch beside the server lists them, because that is
		// the one account there is of them. The warnings of the first
		// reading (canonical on another host) are not that account.
		say(e.stderr, false, "%s is a dev server's output (%d of %d pages found name %s): explained as sitemapgen watch beside the dev server lists its pages; a build refuses the folder", dev.Dir, dev.Named, dev.Found, dev.Origin)
		beside(c)
		rep = newReporter(c.Build.Root, e.stderr, v.Quiet, v.Verbose)
		rep.extras = extraNames(c.Build.Extra)
		rep.explainTo, rep.dates = e.stdout, c.Build.Write.LastModFormat
		c.Build.Report = rep.report()
		res, err = pipeline.Run(ctx, c.Build)
	}
	rep.finish()
	switch {
	case err != nil:
		return err
	case v.Check:
		return checked(res, c, e, args) // after the explanations, if any
	case len(v.Explain) > 0:
		return nil // the explanations were the output
	case res.NoneListed != nil:
		// Every page was left out on purpose: say one line, and write
		// none of the files written after a set.
		say(e.stderr, v.Quiet, "%s", noneLine(res, c.Generator, v.DryRun))
		return printJSON(e, v.JSON, c, res)
	}
	if v.DryRun && !v.JSON {
		for i := range res.URLs.Len() {
			fmt.Fprintln(e.stdout, res.URLs.At(i).Loc)
		}
	}
	afterWrite(e.stderr, res, c)
	say(e.stderr, v.Quiet, "%s", summary(res, c))
	if c.Writes() && res.Write != nil {
		if err := out.Write(res.URLs, postbuild.Answers{LeftOut: res.LeftOut, Redirects: res.Redirects}); err != nil {
			return err
		}
	}
	return printJSON(e, v.JSON, c, res)
}

// skipWrite ends a preview's build with previews: skip. It writes no
// sitemap of ours. In a generator's output folder it leaves none of the
// generator's sitemaps either, because they list the preview's URLs
// (Hugo's, built for the preview). It removes them as a build that
// lists no page does (writer.Withdraw), with the lines of robots.txt
// that name them, and says so.
func skipWrite(ctx context.Context, e *env, c *config.Config) error {
	v := &c.Values
	w := c.Build.Write
	if o := c.Build.OwnSitemaps; o != nil && c.Build.TakeOverOwn && c.Writes() && notFolder(w.Dir) == "" {
		// Decide, as a build does, which of the files the generator names
		// as its sitemaps are its own.
		takes, warnings := o.Decide(w.Dir, w.RecordFolder(), c.Build.Map.BaseURL, c.Build.Limits, robots.Load(w.Dir, c.Build.Limits.Or().RobotsBytes))
		for _, err := range warnings {
			fmt.Fprintln(e.stderr, diag.Format(err, diag.Warning))
		}
		w.TakeOver = takes
	}
	if w.TakeOver == nil || !c.Writes() || notFolder(w.Dir) != "" {
		say(e.stderr, v.Quiet, "%s: no sitemap written", c.SkipWrite)
		return printJSON(e, v.JSON, c, nil)
	}
	lock, err := lockOutput(ctx, e, c, v.NoWait)
	if err != nil {
		return err
	}
	defer lock.Release()
	if w.BaseURL == "" {
		w.BaseURL = c.Build.Map.BaseURL
	}
	res, err := writer.Withdraw(w)
	if err != nil {
		return err
	}
	msg := c.SkipWrite + ": no sitemap written"
	if len(res.TakenOver) > 0 {
		msg += fmt.Sprintf("; %s's own sitemaps removed, which list the preview's URLs: %s", c.Generator, strings.Join(res.TakenOver, ", "))
	}
	say(e.stderr, v.Quiet, "%s", msg)
	return printJSON(e, v.JSON, c, nil)
}

// lockOutput takes the lock of c's output folder. When another run holds
// it, lockOutput says so and waits, unless noWait. --check may be unable
// to lock a folder because it may not write there. It then compares the
// folder unlocked, since no run can write there either.
func lockOutput(ctx context.Context, e *env, c *config.Config, noWait bool) (*dirlock.Lock, error) {
	dir := c.Build.Write.Dir
	lock, err := dirlock.Acquire(ctx, dir, noWait, func(pid int) {
		say(e.stderr, false, "%s", dirlock.Waiting(dir, pid))
	})
	if err == nil || ctx.Err() != nil {
		return lock, err
	}
	var le *dirlock.LockedError
	if errors.As(err, &le) {
		return nil, &diag.Diagnostic{File: dir, Msg: le.Msg(), Err: err}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)) {
		if c.Values.Check {
			return nil, nil
		}
		// Fail as the writer would have: name the folder, and why.
		return nil, &diag.Diagnostic{File: dir, Msg: "cannot write the sitemaps: " + pe.Err.Error(), Err: pe.Err}
	}
	return nil, err
}

// checked reports the outcome of --check: the files that differ from
// what a build would write. When any does, it returns an error that
// names the command that writes them. That command is args, the build's
// command line, without --check.
func checked(res *pipeline.Result, c *config.Config, e *env, args []string) error {
	for _, name := range res.Write.Differ {
		why := "differs from what a build writes"
		switch {
		case missing(c.Build.Write.Dir, name):
			why = "missing (a build writes it)"
		case slices.Contains(res.Write.Removed, name):
			why = "stale: a build removes it"
		case slices.Contains(res.Write.TakenOver, name):
			why = c.Generator + "'s own sitemap: a build removes it"
		case slices.Contains(res.Write.Aliases, name):
			why = "differs from what a build writes: at the URL of " + c.Generator + "'s own sitemap, one that leads to ours"
		}
		fmt.Fprintf(e.stdout, "%s: %s\n", filepath.Join(c.Build.Write.Dir, name), why)
	}
	if n := len(res.Write.Differ); n > 0 {
		verb := "write"
		if res.NoneListed != nil {
			verb = "update" // remove the sitemaps, or robots.txt's lines
		}
		run := "sitemapgen without --check"
		if config.RunBy[e.getenv(config.RunByEnv)] == nil { // inside an integration, no command line of the user's
			run = withoutCheck(args)
		}
		return fmt.Errorf("%s out of date; run %s to %s %s", plural(n, "file"), run, verb, map[bool]string{true: "it", false: "them"}[n == 1])
	}
	if res.NoneListed != nil {
		say(e.stderr, c.Values.Quiet, "%s: no sitemap in %s, as a build leaves it", res.NoneListed.What(), c.Build.Write.Dir)
		return nil
	}
	say(e.stderr, c.Values.Quiet, "the sitemaps in %s are up to date (%s)", c.Build.Write.Dir, plural(len(res.Write.Written), "file"))
	return nil
}

// withoutCheck returns the command line "sitemapgen ARGS", with --check
// left out of args. An argument that needs quotes is quoted as a POSIX
// shell reads it, and a control character is escaped.
func withoutCheck(args []string) string {
	var b strings.Builder
	b.WriteString("sitemapgen")
	for i, a := range args {
		if a == "--" {
			for _, a := range args[i:] {
				b.WriteString(" " + shellWord(a))
			}
			break
		}
		if name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); strings.HasPrefix(a, "-") && name == "check" {
			continue
		}
		b.WriteString(" " + shellWord(a))
	}
	return b.String()
}

// shellWord returns s as one word of a POSIX shell's command line.
func shellWord(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("@%+=:,./_-", r)))
	}) {
		return s
	}
	return "'" + diag.Escape(strings.ReplaceAll(s, "'", `'\''`)) + "'"
}

// missing reports whether there is no file name in the output folder
// dir. It looks inside dir, through the one door.
func missing(dir, name string) bool {
	_, err := fsx.Lstat(dir, name)
	return errors.Is(err, fs.ErrNotExist)
}

// configure parses the command line of build or watch (command),
// resolves the configuration, says what it found, and checks the folders
// it names. It also returns the parsed command line. A nil Config ends
// the command: with a nil error after --help, else with a usage or
// configuration error.
func configure(e *env, command string, args []string) (*config.Config, *config.Line[config.Values], error) {
	help, name := buildUsage, "sitemapgen"
	switch command {
	case config.WatchCommand:
		help, name = watchUsage, "sitemapgen watch"
	case config.AuditCommand:
		help, name = auditUsage, "sitemapgen audit"
	}
	line, err := parse(e, config.Settings, name, help, args)
	if line == nil {
		return nil, nil, err
	}
	if len(line.Args) > 1 {
		err = errors.New("one site folder at a time; got " + strings.Join(line.Args, ", "))
	}
	if err == nil && command != config.BuildCommand {
		err = refused(line, command)
	}

	if err != nil {
		return nil, nil, badCommandLine(name, err)
	}
	c, err := settle(line, e.getenv)
	if err != nil && c != nil && command == config.WatchCommand && siteToCome(c) {
		err = nil // watch waits for the generator to make it (awaitSite)
	}
	if c != nil {
		// Group the warnings by cause, as the pages' are, unless
		// --verbose. A server build's thousands of routes rendered on
		// demand then take a few lines.
		var g causes
		for _, w := range c.Warnings {
			if c.Values.Verbose {
				fmt.Fprintln(e.stderr, diag.Format(w, diag.Warning))
			} else {
				g.add(w, w)
			}
		}
		g.print(e.stderr)
		if c.Detected != "" {
			say(e.stderr, c.Values.Quiet, "%s", c.Detected)
		}
	}
	if err != nil {
		return nil, nil, err
	}
	return c, line, nil
}

// settle resolves the configuration of a parsed command line and checks
// the folders it names. Its errors are usage or configuration errors.
// With a folder error, it still returns the Config, for what it found.
func settle(line *config.Line[config.Values], getenv func(string) string) (*config.Config, error) {
	c, err := config.Resolve(line, getenv)
	if err != nil {
		if len(line.Args) == 1 && notFolder(line.Args[0]) == "no such folder" {
			// DIR is missing: say so before what else is missing.
			return nil, usage(&diag.Diagnostic{File: line.Args[0], Msg: "no such folder (the site to map)" + didYouMean(line.Args[0])})
		}
		return nil, usage(err)
	}
	if c.SkipWrite != "" {
		return c, nil // no folder needed: nothing is read
	}
	return c, usage(folderError(c))
}

// folderError reports a site or source folder that is missing.
func folderError(c *config.Config) error {
	if msg := notFolder(c.Build.Root); msg != "" {
		if c.RootFrom != "" && msg == "no such folder" {
			// The generator may build elsewhere (Sphinx's build/html,
			// the folder sphinx-quickstart's Makefile names).
			return &diag.Diagnostic{File: c.Build.Root, Msg: fmt.Sprintf("%s (the site folder, from %s); build the site first, or name the folder it is built into: sitemapgen DIR, or root: in sitemap.yaml", msg, c.RootFrom)}
		}
		hint := ""
		if msg == "no such folder" {
			hint = didYouMean(c.Build.Root)
		}
		return &diag.Diagnostic{File: c.Build.Root, Msg: msg + " (the site to map)" + hint}
	}
	if j := c.Build.Join; j != nil && notFolder(j.Dir) != "" {
		return &diag.Diagnostic{File: j.Dir, Msg: "not a folder (source:, the source files)"}
	}
	return nil
}

// didYouMean takes a folder that is not there. It names the folder
// beside it whose name is nearest, a typo or two away (config.Suggest):
// "; did you mean public?". It returns "" when none is near.
func didYouMean(dir string) string {
	parent, name := filepath.Split(filepath.Clean(dir))
	if parent == "" {
		parent = "."
	}
	entries, err := fsx.ReadDir(parent, ".")
	if err != nil {
		return ""
	}
	var folders []string
	for _, e := range entries {
		if e.IsDir() && e.Name() != name {
			folders = append(folders, e.Name())
		}
	}
	s := config.Suggest(name, folders)
	if s == "" {
		return ""
	}
	if parent != "." {
		s = filepath.Join(parent, s)
	}
	return "; did you mean " + s + "?"
}

// notFolder says why dir is not a folder, or returns "" when it is one.
// The user or the configuration named dir.
func notFolder(dir string) string {
	st, err := fsx.StatNamed(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "no such folder"
	case err != nil:
		return unwrapPath(err).Error()
	case !st.IsDir():
		return "not a folder"
	}
	return ""
}

// warnTo returns a function that prints a warning on w.
func warnTo(w io.Writer) func(error) {
	return func(err error) { fmt.Fprintln(w, diag.Format(err, diag.Warning)) }
}

// unwrapPath returns the system's error inside a *fs.PathError. The
// message already names the path.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// prepareOutputs checks and prepares the settings of what a build
// writes besides its sitemaps: the changes file, the IndexNow key file
// and the feed. Its errors are usage or configuration errors, except
// for a folder where one of the files goes (exit status 1). The build
// leaves these files' names out of the pages. Each file written is
// reported to say, which is nil in watch mode, where a rebuild's one
// line tells it. What is not written, and why, goes to warn.
func prepareOutputs(c *config.Config, getenv func(string) string, say func(string), warn func(error)) (*postbuild.Outputs, error) {
	v := &c.Values
	base, err := mapping.ParseBaseURL(c.Build.Map.BaseURL)
	if err != nil {
		return nil, usage(err)
	}
	opts := postbuild.Options{
		Dir:         c.Build.Write.Dir,
		RecordDir:   c.Build.Write.RecordFolder(),
		BaseURL:     base,
		SitemapsURL: c.Build.Write.SitemapsURL,
		DateFormat:  c.Build.Write.LastModFormat,
		StateBytes:  c.Build.Limits.StateBytes,
		OutputBytes: c.Build.Limits.OutputBytes,
		Say:         say,
		Warn:        warn,
	}
	if v.KeyFile {
		opts.Key = strings.TrimSpace(getenv(indexnow.KeyEnv))
		if opts.Key == "" {
			return nil, usagef("--key-file: no key: set %s to your IndexNow key (8 to 128 letters, digits and -)", indexnow.KeyEnv)
		}
		if err := indexnow.ValidKey(opts.Key); err != nil {
			return nil, usagef("--key-file: %s: %w", indexnow.KeyEnv, err)
		}
	}
	if v.Feed.Enabled {
		opts.Feed = &postbuild.FeedOptions{Title: v.Feed.Title, Limit: v.Feed.Limit}
	}
	if c.Writes() {
		opts.Changes, opts.ChangesDir = c.Changes, c.ChangesDir
		if c.Build.Hash != nil {
			opts.State, opts.StateDir = c.Build.Hash.State, c.Build.Hash.Dir
		}
	}
	out, err := postbuild.Prepare(opts)
	if err != nil {
		return nil, err
	}
	c.Build.OwnFiles = append(c.Build.OwnFiles, out.Names()...)
	if f := c.Build.Write.Filename; f != "" {
		// The entry file under a name the user chose is not a page.
		c.Build.OwnFiles = append(c.Build.OwnFiles, f, f+".gz")
	}
	if f := c.Build.Write.TextName; f != "" && c.Build.Write.Text {
		// So is the text sitemap under a name the user chose.
		c.Build.OwnFiles = append(c.Build.OwnFiles, f)
	}
	if viewerOwn(c) {
		c.Build.OwnFiles = append(c.Build.OwnFiles, writer.ViewerName)
	}
	return out, nil
}

// viewerOwn reports whether sitemap.html in the output folder is the
// build's own, not a page. That is so with --viewer, or when the last
// build wrote it, because this build removes it. The last build's
// record says so; it is read within limits.output_bytes as set.
func viewerOwn(c *config.Config) bool {
	if c.Values.Viewer {
		return true
	}
	recorded, _ := writer.RecordedMax(c.Build.Write.RecordFolder(), c.Build.Limits.OutputBytes)
	return slices.Contains(recorded, writer.ViewerName)
}
