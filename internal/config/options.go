package config

// The build's options: what Resolve makes of the laid values and of
// what the project says, handed to each stage (Config.options).

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/command"
	"github.com/sitemapgen/sitemapgen/internal/extraurls"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/hashstate"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/internal/project"
	"github.com/sitemapgen/sitemapgen/mapping"
	"github.com/sitemapgen/sitemapgen/sitemap"
	"github.com/sitemapgen/sitemapgen/walker"
	"github.com/sitemapgen/sitemapgen/writer"
)

// urlForm is the URL form the mapping lists the pages in: the values of
// clean_urls and trailing_slash laid over what the project pr says.
func urlForm(pr *project.Project, clean, trailing bool) mapping.Options {
	o := mapping.Options{CleanURLs: clean, TrailingSlash: mapping.SlashAlways, IndexFiles: pr.IndexFiles}
	switch {
	case !trailing:
		o.TrailingSlash = mapping.SlashNever
	case pr.SlashEverywhere:
		o.TrailingSlash = mapping.SlashEverywhere
	}
	return o
}

// options fills the build's options from the values and from what the
// project said.
func (c *Config) options(l *layers, pr *project.Project) {
	v := &c.Values
	out := v.Out
	if out == "" {
		out = v.Root
	}
	form := urlForm(pr, v.CleanURLs, v.TrailingSlash)
	c.Build = pipeline.Options{
		Root:     v.Root,
		Robots:   pipeline.Robots{Dir: robotsDir(v, pr, out), Warn: v.RobotsTxt == RobotsTxtWarn, Off: v.RobotsTxt == RobotsTxtOff},
		Hreflang: pipeline.Hreflang{Off: v.Hreflang.Check == HreflangOff, Hosts: v.Hreflang.Hosts},
		Heads:    pipeline.Heads{Read: v.Head.Read, Limit: v.Head.MaxBytes},
		Limits:   v.Limits,
		HostDirs: hostDirs(v, pr, out),
		Explain:  v.Explain,
		Strict:   v.Strict,
		Walk:     walker.Options{Include: v.Include, Exclude: v.Exclude, FollowSymlinks: v.FollowSymlinks},
		Map:      mapOptions(v, pr, form),
		Write:    writeOptions(v, out),
	}
	if pr.KeepBaseURL != "" && pr.KeepBaseURL == v.BaseURL {
		// The generator's sitemap gave it, and the write replaces that
		// file: the record keeps it for the next run.
		c.Build.Write.KeepBase = pr.KeepBaseURL
	}
	for _, s := range v.Sections {
		c.Build.Sections = append(c.Build.Sections, pipeline.Section{Name: s.Name, Include: s.Include})
	}
	c.Build.CacheDir = cacheDir(v.CacheDir, pr.BuildCache, os.UserCacheDir)
	if v.Host != "none" {
		c.platformOptions(pr, out)
	}
	c.Build.Map.StyleGiven = pr.StyleGiven
	c.hashOptions(l, pr)
	c.Build.Extra = extras(l, v)
	if len(pr.ServerRoutes) > 0 {
		// A server build renders some pages on demand, and its record
		// gives their URLs whole. They are listed by those URLs, in the
		// site's URL style.
		c.Build.Extra = append([]pipeline.Extra{serverRoutes(pr, v.BaseURL, form.TrailingSlash != mapping.SlashNever)}, c.Build.Extra...)
	}
	c.Build.Transform = transform(v)
	c.Build.RobotsHook = robotsHook(v)
	c.Changes = v.Changes
	if in, ok := l.inside["changes"]; ok {
		c.ChangesDir, c.Changes = in[0], in[1]
	}
	c.sourceOptions(pr)
	c.defaultOptions(l, pr)
	c.generatorOptions(pr)
	c.localeOptions(l)
}

// robotsDir returns the folder that robots.txt is served from. That is
// the built site, or the folder a server build serves files from
// (public/), or out in content mode.
func robotsDir(v *Values, pr *project.Project, out string) string {
	if v.Mode == ModeContent || pr.Served != nil {
		return out
	}
	return v.Root
}

// hostDirs returns the folders where the platform's files (_headers,
// vercel.json, netlify.toml) say which pages carry an X-Robots-Tag. They
// are the site folder and the project's folders (HostDirs). In content
// mode, the site folder is out, the built site, not the sources. It
// returns nil when the X-Robots-Tag is not read.
func hostDirs(v *Values, pr *project.Project, out string) []string {
	if !v.Skip.XRobotsTag {
		return nil
	}
	dirs := append([]string{v.Root}, pr.HostDirs()...)
	if v.Mode == ModeContent {
		dirs[0] = out
	}
	return dirs
}

// mapOptions returns the options that map the pages to URLs, in the URL
// form form.
func mapOptions(v *Values, pr *project.Project, form mapping.Options) mapping.Options {
	rules, _ := mappingRules(v.Rules) // The rules were checked before.
	var lastmod []mapping.LastModSource
	for _, src := range v.LastMod.Sources {
		lastmod = append(lastmod, mapping.LastModSource(src))
	}
	return mapping.Options{
		BaseURL:          v.BaseURL,
		CleanURLs:        form.CleanURLs,
		TrailingSlash:    form.TrailingSlash,
		IndexFiles:       form.IndexFiles,
		BareBase:         pr.BareBase,
		SlashedHomes:     pr.SlashedHomes,
		KeepErrorPages:   !v.Skip.ErrorPages,
		Fallbacks:        pr.Fallbacks,
		KeepNoIndex:      !v.Skip.NoIndex,
		KeepRedirects:    !v.Skip.Redirects,
		KeepNonCanonical: !v.Skip.NonCanonical,
		FolderBuilds:     pr.FolderBuilds,
		LastMod:          lastmod,
		Rules:            rules,
		KeepDrafts:       v.Drafts,
		KeepFuture:       v.Future,
		Images:           v.Images.Enabled && v.Head.Read,
		ImageHosts:       v.Images.Hosts,
		Videos:           v.Videos.Enabled && v.Head.Read,
		VideoHosts:       v.Videos.Hosts,
		News:             newsOptions(v),
	}
}

// writeOptions returns the options that write the sitemap files to out.
func writeOptions(v *Values, out string) writer.Options {
	dateFormat, _ := sitemap.ParseDateFormat(v.LastModFormat) // The format was checked before.
	return writer.Options{
		Dir:           out,
		MaxURLs:       v.MaxURLs,
		MaxBytes:      v.MaxBytes,
		Gzip:          v.Gzip,
		Filename:      v.Filename,
		XSL:           v.XSL,
		Text:          v.Text,
		TextName:      v.TextName,
		Robots:        v.Robots,
		Viewer:        v.Viewer,
		LastModFormat: dateFormat,
		DryRun:        v.DryRun,
		Check:         v.Check,
		Extra:         v.Index.Extra,
		Answer:        slices.Clone(v.Published),
		RobotsBytes:   v.Limits.RobotsBytes,
		OutputBytes:   v.Limits.OutputBytes,
		SitemapsURL:   v.SitemapsURL,
	}
}

// platformOptions sets what the hosting platform adds to the build. Its
// redirect rules sit in the site folder (_redirects) and in the
// project's folders (netlify.toml, vercel.json). A file the site serves
// wins over a rule that is not forced, as on Netlify, so only forced
// rules warn. A platform known to behave otherwise says so in
// pr.Shadowing.
func (c *Config) platformOptions(pr *project.Project, out string) {
	c.Build.RedirectDirs = append([]string{out}, pr.HostDirs()...)
	c.Build.Shadowing = pr.Shadowing
	c.Build.Map.Style = pr.Style
	c.Build.PlatformFile = pr.PlatformFile
}

// sourceOptions sets where the build finds the pages' sources, and where
// the writer keeps its own files.
func (c *Config) sourceOptions(pr *project.Project) {
	if c.Values.Mode == ModeContent {
		c.Build.Content = pr.Sources
	} else {
		c.Build.Join = pr.Sources
		c.Build.Served = pr.Served
	}
	c.Build.OnDemand = pr.OnDemand
	c.Build.Write.RecordDir = pr.RecordDir
}

// defaultOptions sets each URL's default changefreq and priority, and
// where its lastmod comes from when lastmod.sources is not given.
//
// The defaults are the settings', else the generator's (Hugo's
// [sitemap]). Rules and front matter win over both.
func (c *Config) defaultOptions(l *layers, pr *project.Project) {
	v := &c.Values
	c.Build.Map.Defaults = pr.Defaults
	if v.ChangeFreq != "" {
		c.Build.Map.Defaults.ChangeFreq, _ = sitemap.ParseChangeFreq(v.ChangeFreq) // It was checked before.
	}
	if v.Priority != nil {
		c.Build.Map.Defaults.Priority, _ = sitemap.PriorityOf(*v.Priority) // It was checked before.
	}
	if l.given("lastmod.sources") {
		return
	}
	c.LastModOrder = pr.LastModOrder
	if pr.BuiltBy != "" {
		// The modification times of a generator's output are the times
		// of its build, so they are left out. A date in a page that
		// falls within the build's window is a stamp.
		c.MTimeLeftOut = "from " + pr.BuiltBy + "'s build"
		c.Build.Map.Built = true
	} else {
		// The modification times are used unless they look like a
		// build's stamp.
		c.Build.GuardMTime = true
	}
	if pr.LastMod != nil {
		c.Build.Map.LastMod = pr.LastMod
	}
}

// hashOptions sets the hash source of lastmod when its state file is
// there: named by state:, or found where it is kept by default.
func (c *Config) hashOptions(l *layers, pr *project.Project) {
	v := &c.Values
	// The default is a file of the project's: read and written only
	// inside the working directory.
	state, stateDir := v.State, ""
	if in, ok := l.inside["state"]; ok {
		state, stateDir = in[1], in[0] // read and written only inside the project's tree
	}
	if state == "" {
		// There as anything: one that cannot be read (a link out of the
		// working directory) is said by its reader.
		if _, err := fsx.Lstat(".", hashstate.DefaultPath); err == nil || errors.Is(err, fsx.ErrOutside) {
			state, stateDir = hashstate.DefaultPath, "."
		}
	}
	if state != "" {
		ignore, _ := hashstate.Compile(v.LastMod.Ignore) // checked
		c.Build.Hash = &pipeline.Hash{State: state, Dir: stateDir, Options: hashstate.Options{Ignore: ignore}}
		// The previous build, for the next changes file.
		c.Build.Hash.Listed = v.Changes != ""
		if pr.Preview != "" {
			// A preview's pages are not production's: its dates come from
			// production's file, which it leaves as it was (a platform's
			// cache shares it between the two).
			c.Build.Hash.ReadOnly = true
			said := fmt.Sprintf("state %s read, not written (a %s build: production's dates stay)", state, pr.Preview)
			if c.Detected != "" {
				said = c.Detected + "; " + said
			}
			c.Detected = said
		}
	}
}

// generatorOptions sets what the build does with the generator's own
// sitemaps.
func (c *Config) generatorOptions(pr *project.Project) {
	v := &c.Values
	if pr.Generator != "" {
		c.Generator = pr.Generator
		c.Build.Generator = pr.Generator
		c.Build.OwnSitemaps = pr.OwnSitemaps
		// Read before they are replaced: their hreflang alternates for
		// the pages whose heads give none (a takeover never loses what
		// the replaced file knew), and the second look at the built
		// pages (internal/pipeline's secondlook.go): their lastmods date
		// the pages no source of ours dates and the list pages, their
		// URLs tell the drafts the generator built. In content mode,
		// which has no built pages, they are read only for a site of
		// several languages (their alternates) and where they witness
		// what the generator builds (Hugo's: the pages of deleted
		// sources are those they do not list).
		c.Build.ReadOwn = v.Mode != ModeContent || pr.Translated || pr.Witnessed
		c.Build.GeneratorDates = pr.SitemapDates
		if !v.KeepGenerator {
			c.Build.TakeOverOwn = true
			if pr.Published != nil {
				c.Build.Write.Answer = append(c.Build.Write.Answer, pr.Published(strings.TrimSuffix(v.Filename, ".gz"))...)
			}
		}
		if pr.Pages != nil {
			c.Build.Translator = pr.Pages
		}
	}
}

// localeOptions sets the site's own locales, over the generator's.
func (c *Config) localeOptions(l *layers) {
	v := &c.Values
	if len(v.Locales) > 0 {
		// The site's own locales, over the generator's.
		def, langs := "", map[string]string{}
		for _, e := range v.Locales {
			if e.Folder == "" {
				def = e.Lang
			} else {
				langs[e.Folder] = e.Lang
			}
		}
		c.Build.Translator = project.FolderLocales(def, langs, "locales: in "+cmp.Or(l.from["locales"], "sitemap.yaml"))
	}
}

// newsOptions returns the news sitemap's options, nil when it is off.
func newsOptions(v *Values) *mapping.News {
	if v.News.Name == "" {
		return nil
	}
	lang, _ := mapping.NewsLanguage(v.News.Language) // checked as it was read
	return &mapping.News{Name: v.News.Name, Language: lang}
}

// extras returns the sources of extra URLs: the files of extra_urls,
// each read inside the project's tree when the settings file names it
// (project.Tree.Place), else where the user's path points; the URLs of
// extra_urls_inline; then the command's output.
func extras(l *layers, v *Values) []pipeline.Extra {
	inside := l.insideList["extra_urls"]
	var out []pipeline.Extra
	for i, p := range v.ExtraURLs {
		x := pipeline.Extra{Name: p, Format: extraurls.FormatOf(p), File: p}
		if i < len(inside) {
			x.Inside = inside[i]
		}
		out = append(out, x)
	}
	if list := v.ExtraInline; len(list) > 0 {
		out = append(out, inline(l, list))
	}
	if line := v.ExtraCommand; line != "" {
		lim := v.Limits.Or()
		o := command.Options{MaxBytes: int64(lim.ExtraURLsBytes), Key: limits.ExtraURLsBytesKey, Timeout: time.Duration(lim.CommandSeconds) * time.Second, TimeoutKey: limits.CommandSecondsKey}
		out = append(out, pipeline.Extra{Name: "the output of " + command.Show(line), Open: func(ctx context.Context) (io.ReadCloser, error) {
			return command.Start(ctx, line, o)
		}})
	}
	return out
}

// serverRoutes returns the URL paths of a server build's pages rendered
// on demand (project.Project.ServerRoutes) as a source of extra URLs,
// each under base (as the base URL is given: with or without its final
// slash, its host in any case), a folder's with a final slash when slash
// says so, at its place in the record's list. A route is a path, whatever it holds:
// encoded as a page file's path is ("?" and "#" too, and a line break),
// so that the final slash ends the path.
func serverRoutes(pr *project.Project, base string, slash bool) pipeline.Extra {
	base, _ = mapping.ParseBaseURL(base) // checked as it was read; its final slash added
	var text strings.Builder
	for _, r := range pr.ServerRoutes {
		u := base + mapping.EncodePath(strings.TrimPrefix(r, "/"))
		if slash && r != "/" && !strings.HasSuffix(u, "/") && path.Ext(r) == "" {
			u += "/"
		}
		text.WriteString(u + "\n")
	}
	return pipeline.Extra{Name: pr.ServerRoutesFrom + " (its routes rendered on demand)", Format: extraurls.Text, Text: text.String()}
}

// inline returns the URLs of extra_urls_inline as a source of extra
// URLs, each record at the line of the settings file that gives it (a
// text made of the URLs, each on its line), or, given by an integration's
// options, at its place in the list.
func inline(l *layers, list []string) pipeline.Extra {
	from := l.from["extra_urls_inline"]
	var text strings.Builder
	line := 0
	fileLines := l.file != nil && from == l.file.Name
	for i, u := range list {
		at := line + 1
		if fileLines {
			if il := l.line(fmt.Sprintf("extra_urls_inline[%d]", i)); il > line {
				at = il
			}
		}
		for ; line < at-1; line++ {
			text.WriteByte('\n')
		}
		text.WriteString(strings.ReplaceAll(u, "\n", " ") + "\n")
		line++
	}
	return pipeline.Extra{Name: from, Format: extraurls.Text, Text: text.String()}
}

// cacheDir is the folder where a build keeps what it read for the next
// build (pipeline.Options.CacheDir). It is the one --cache-dir gives, or
// none for off. By default it is a folder sitemapgen in the build
// environment's cache (Netlify's, like Hugo's cacheDir), else in the
// user's cache (userCache: $XDG_CACHE_HOME, ~/.cache, ~/Library/Caches).
// It is "" when there is none.
func cacheDir(given, buildCache string, userCache func() (string, error)) string {
	switch given {
	case "off":
		return ""
	case "":
	default:
		return given
	}
	if buildCache != "" {
		return filepath.Join(buildCache, "sitemapgen")
	}
	if dir, err := userCache(); err == nil && filepath.IsAbs(dir) {
		return filepath.Join(dir, "sitemapgen")
	}
	return ""
}
