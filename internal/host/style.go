package host

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Style is the form of URL a platform answers with 200 (not a redirect) for
// a site's pages.
type Style struct {
	Platform string
	// CleanURLs: about.html is served at /about, and /about.html
	// redirects there (or is not the form the platform prefers).
	CleanURLs bool
	// FolderSlash: dir/index.html is served at /dir/, and /dir redirects
	// there; false: at /dir, and /dir/ redirects.
	FolderSlash bool
	// CleanSlash, with CleanURLs: about.html is served at /about/ (Vercel's
	// cleanUrls with trailingSlash: true).
	CleanSlash bool
	// EitherSlash: paths are served with and without a trailing slash,
	// neither redirecting (Vercel without trailingSlash).
	EitherSlash bool
	// From says what decided: a file and line, or the platform's fixed
	// rules.
	From string
	// Publish is the site folder the platform's file names (netlify.toml
	// [build] publish, vercel.json outputDirectory), relative to the
	// working directory; PublishFrom is that file, PublishKey the key
	// ("[build] publish") and PublishLine its line (0 when not found).
	// "" when none does.
	Publish, PublishFrom, PublishKey string
	PublishLine                      int
}

// Identify names the platforms whose own files are in dirs: netlify.toml
// (Netlify), vercel.json (Vercel), a wrangler.toml, wrangler.json or
// wrangler.jsonc with pages_build_output_dir (Cloudflare Pages). files
// are the files that told, in the same order. _headers and _redirects are
// read by both Netlify and Cloudflare Pages and name neither.
//
// Each file is looked at inside its folder through the one door (package
// fsx), a wrangler file read within lim's SettingsBytes: one that is a
// link out of its folder, not a regular file or larger than the bound
// names no platform, and is a warning naming it.
func Identify(lim limits.Limits, dirs ...string) (platforms, files []string, warnings []error) {
	lim = lim.Or()
	seen := map[string]bool{}
	add := func(p, f string) {
		if !seen[p] {
			seen[p] = true
			platforms, files = append(platforms, p), append(files, f)
		}
	}
	said := map[string]bool{}
	warn := func(err error) {
		if err = notRead(err, "the platform is not taken from it"); !said[err.Error()] {
			said[err.Error()] = true
			warnings = append(warnings, err)
		}
	}
	for _, dir := range dirs {
		r, err := fsx.OpenRoot(dir)
		if err != nil {
			continue // a site folder not built yet
		}
		for _, f := range []struct{ name, platform string }{{"netlify.toml", Netlify}, {"vercel.json", Vercel}} {
			fi, err := r.Stat(f.name)
			switch {
			case err == nil && fi.Mode().IsRegular():
				add(f.platform, r.Path(f.name))
			case err == nil:
				warn(&fs.PathError{Op: "stat", Path: r.Path(f.name), Err: fmt.Errorf("%w (%s)", fsx.ErrNotRegular, fsx.Describe(fi.Mode()))})
			case !errors.Is(err, fs.ErrNotExist):
				warn(err)
			}
		}
		for _, name := range []string{"wrangler.toml", "wrangler.json", "wrangler.jsonc"} {
			data, err := r.ReadFile(name, lim.SettingsBytes, "limits.settings_bytes")
			switch {
			case err == nil:
				if bytes.Contains(data, []byte("pages_build_output_dir")) {
					add(CloudflarePages, r.Path(name))
				}
			case !errors.Is(err, fs.ErrNotExist):
				warn(err)
			}
		}
		r.Close()
	}
	return platforms, files, warnings
}

// notRead returns err, an error of the one door (package fsx) reading a
// file, as the problem of the file it names, followed by what comes of
// it: "path: what is wrong; so".
func notRead(err error, so string) error {
	return fmt.Errorf("%w; %s", fsx.Placed(err), so)
}

// isDir reports whether rel is a folder inside the folder dir.
func isDir(dir, rel string) bool {
	fi, err := fsx.Stat(dir, rel)
	return err == nil && fi.IsDir()
}

// Settings are what a platform's own file (netlify.toml, vercel.json)
// says of building and serving a site, read once by [ReadSettings].
type Settings struct {
	// Style is the form of URL the platform answers with 200, and the
	// publish folder the file names.
	Style Style
	// Env are the variables the file sets for the build (see [Build]),
	// each once: a table's in the order of their names, a later table's
	// in the place of an earlier one's of the same name.
	Env []Var
	// File is netlify.toml as read and parsed, for the build's rules
	// (NewSiteFiles); nil for another platform's, or none.
	File *PlatformFile
}

// Build names the build whose variables [ReadSettings] gives: Netlify's
// deploy context (production, deploy-preview, branch-deploy, dev: its
// CONTEXT) and the branch built (its BRANCH). A build outside the
// platform's is production's, of no branch.
type Build struct {
	Context, Branch string
}

// Var is a variable a platform's file sets for the build.
type Var struct {
	Name, Value string
	// From says where: the file, the line and the table
	// ("netlify.toml:5 [build.environment]").
	From string
}

// StyleOf returns the URL style of platform, as [ReadSettings] reads it.
func StyleOf(platform string, lim limits.Limits, dirs ...string) (Style, []error, error) {
	s, warnings, err := ReadSettings(platform, Build{}, lim, dirs...)
	return s.Style, warnings, err
}

// ReadSettings returns the settings of platform, one of the platform
// names. It reads the platform's own file (netlify.toml, vercel.json)
// once, from the first of dirs that has it. A problem with the file
// comes back as a warning that names the file. The error is for a file
// that exists but cannot be read.
//
// The settings give the URL style the platform serves:
//   - Netlify serves about.html at /about as well as /about.html. With
//     Pretty URLs, it redirects /about.html to /about. Pretty URLs are
//     on unless netlify.toml's [build.processing.html] pretty_urls says
//     false. Netlify redirects /dir to /dir/. So its style is clean URLs
//     (unless pretty_urls is false), and folders with a slash.
//   - Vercel redirects /about.html to /about when vercel.json's
//     cleanUrls is set. Its trailingSlash true redirects /dir, and
//     /about with cleanUrls, to the form with a slash; false redirects
//     the other way. When trailingSlash is left out, both forms are
//     served.
//   - Cloudflare Pages has fixed rules: /about.html redirects to
//     /about, and /dir to /dir/.
//   - GitHub Pages serves /about and /about.html, and redirects /dir to
//     /dir/. This is the default style.
//
// The settings also give the build's environment: netlify.toml's
// [build.environment] and the environment of the contexts b names (see
// netlifyEnv), or vercel.json's build.env. Cloudflare Pages and GitHub
// Pages set a build's variables in their dashboards, not in a file of
// the project; wrangler.toml's vars are for its functions, at run time.
func ReadSettings(platform string, b Build, lim limits.Limits, dirs ...string) (Settings, []error, error) {
	lim = lim.Or()
	s := Style{Platform: platform, FolderSlash: true, From: platform + "'s rules"}
	switch platform {
	case Netlify:
		s.CleanURLs = true
		return netlifySettings(s, b, lim, dirs)
	case Vercel:
		s.EitherSlash = true
		return vercelSettings(s, lim, dirs)
	case CloudflarePages:
		s.CleanURLs = true
	case GitHubPages:
	default:
		return Settings{Style: s}, nil, fmt.Errorf("unknown platform %q", platform)
	}
	return Settings{Style: s}, nil, nil
}

// netlifySettings returns Netlify's settings, read from the first
// netlify.toml in dirs; s is the style Netlify has without the file.
// The file is read once, as the build reads it for its rules (see
// SiteFiles).
func netlifySettings(s Style, b Build, lim limits.Limits, dirs []string) (Settings, []error, error) {
	dir, key, f := NewSiteFiles(lim).first("netlify.toml", dirs)
	switch {
	case f == nil:
		return Settings{Style: s}, nil, nil
	case errors.Is(f.readErr, fsx.ErrTooLarge):
		return Settings{Style: s}, []error{fmt.Errorf("%w; its settings are not used", f.readErr)}, nil
	case f.readErr != nil:
		return Settings{Style: s}, nil, fsx.Placed(f.readErr)
	}
	file := &PlatformFile{key, f}
	if len(f.data) > lim.SettingsBytes {
		// The reader of its rules fails the build (settingsFiles).
		return Settings{Style: s, File: file}, []error{&diag.Diagnostic{File: f.path,
			Msg: fmt.Sprintf("larger than %d bytes (limits.settings_bytes); its settings are not used", lim.SettingsBytes), Err: fsx.ErrTooLarge}}, nil
	}
	path, data, n := f.path, f.data, f.netlify()
	switch {
	case n.problem != nil && n.bound:
		// Past a bound, the reader of its rules fails the build.
		return Settings{Style: s, File: file}, []error{n.problemThen("its settings are not used")}, nil
	case n.problem != nil:
		// One warning covers the settings and the rules both. The
		// build takes the file as read, and says no more of it.
		n.said = true
		return Settings{Style: s, File: file}, []error{n.problemThen("its settings, headers and redirects are not used")}, nil
	}
	var build struct {
		Base       string `toml:"base"`
		Publish    string `toml:"publish"`
		Processing struct {
			HTML struct {
				PrettyURLs *bool `toml:"pretty_urls"`
			} `toml:"html"`
		} `toml:"processing"`
	}
	if _, err := n.table("build", &build, "its settings are not used"); err != nil {
		return Settings{Style: s, File: file}, []error{err}, nil
	}
	if p := build.Processing.HTML.PrettyURLs; p != nil {
		s.CleanURLs = *p
		s.From = diag.Pos{File: path, Line: lineOf(data, prettyURLsRE())}.String()
	}
	if build.Publish != "" {
		// Netlify reads publish relative to the base folder. The base
		// folder is relative to the repository's root, where
		// netlify.toml is, unless netlify.toml is in the base folder
		// itself.
		base := filepath.FromSlash(build.Base)
		if base != "" && !isDir(dir, base) {
			base = "" // netlify.toml is in the base folder.
		}
		s.Publish, s.PublishFrom = filepath.Join(dir, base, filepath.FromSlash(build.Publish)), path
		s.PublishKey, s.PublishLine = "[build] publish", lineOf(data, publishRE())
	}
	env, warnings := netlifyEnv(n, b)
	return Settings{Style: s, Env: env, File: file}, warnings, nil
}

// vercelSettings returns Vercel's settings, read from the first
// vercel.json in dirs; s is the style Vercel has without the file.
func vercelSettings(s Style, lim limits.Limits, dirs []string) (Settings, []error, error) {
	dir, path, data, errs, err := readFirst("vercel.json", dirs, lim)
	if errs != nil || err != nil || path == "" {
		return Settings{Style: s}, errs, err
	}
	var cfg struct {
		CleanURLs       *bool  `json:"cleanUrls"`
		TrailingSlash   *bool  `json:"trailingSlash"`
		OutputDirectory string `json:"outputDirectory"`
		Build           struct {
			Env map[string]any `json:"env"`
		} `json:"build"`
	}
	if errs := bounded(lim, path, data, "its settings are not used"); errs != nil {
		return Settings{Style: s}, errs, nil
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return Settings{Style: s}, []error{jsonPos(path, data, err).Errorf("%v; its settings are not used", err)}, nil
	}
	if cfg.CleanURLs != nil {
		s.CleanURLs = *cfg.CleanURLs
		s.From = diag.Pos{File: path, Line: lineOf(data, cleanURLsRE())}.String()
	}
	s.EitherSlash = cfg.TrailingSlash == nil
	if cfg.TrailingSlash != nil {
		s.FolderSlash = *cfg.TrailingSlash
		s.CleanSlash = s.CleanURLs && *cfg.TrailingSlash
		s.From = diag.Pos{File: path, Line: lineOf(data, trailingSlashRE())}.String()
	}
	if cfg.OutputDirectory != "" {
		s.Publish, s.PublishFrom = filepath.Join(dir, filepath.FromSlash(cfg.OutputDirectory)), path
		s.PublishKey, s.PublishLine = "outputDirectory", lineOf(data, outputDirectoryRE())
	}
	env, warnings := vercelEnv(path, data, cfg.Build.Env)
	return Settings{Style: s, Env: env}, warnings, nil
}

// vercelEnv returns the variables of vercel.json's build.env (env,
// decoded from data, read from path), which Vercel sets for the build:
// a value that is not a string is a warning, and left out.
func vercelEnv(path string, data []byte, env map[string]any) ([]Var, []error) {
	var (
		vars     []Var
		warnings []error
	)
	lines := jsonKeyLines(data, "build", "env")
	for _, name := range sortedKeys(env) {
		where := diag.Pos{File: path, Line: lines[name]}
		value, ok := env[name].(string)
		if !ok {
			warnings = append(warnings, where.Errorf("build.env %s is not a string; it is not used", diag.Excerpt(name)))
			continue
		}
		vars = append(vars, Var{Name: name, Value: value, From: where.String() + " build.env"})
	}
	return vars, warnings
}

// readFirst reads the file name in the first of dirs that has it,
// inside that folder through the one door, within lim's SettingsBytes;
// path is "" when none has it. A file larger than the bound is a warning
// (its settings are not used); err is for one that cannot be read: a
// link out of its folder, not a regular file.
func readFirst(name string, dirs []string, lim limits.Limits) (dir, path string, data []byte, warnings []error, err error) {
	for _, dir := range dirs {
		path := filepath.Join(dir, name)
		data, err := fsx.ReadFile(dir, name, lim.SettingsBytes, "limits.settings_bytes")
		switch {
		case errors.Is(err, fsx.ErrTooLarge):
			return dir, path, nil, []error{fmt.Errorf("%w; its settings are not used", err)}, nil
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return dir, path, nil, nil, fsx.Placed(err)
		}
		return dir, path, data, nil, nil
	}
	return "", "", nil, nil, nil
}

var (
	prettyURLsRE      = lazyre.MustCompile(`(?m)^\s*pretty_urls\s*=`)
	cleanURLsRE       = lazyre.MustCompile(`"cleanUrls"\s*:`)
	trailingSlashRE   = lazyre.MustCompile(`"trailingSlash"\s*:`)
	publishRE         = lazyre.MustCompile(`(?m)^\s*publish\s*=`)
	outputDirectoryRE = lazyre.MustCompile(`"outputDirectory"\s*:`)
)

// lineOf returns the line of re's first match in data, or 0.
func lineOf(data []byte, re *regexp.Regexp) int {
	loc := re.FindIndex(data)
	if loc == nil {
		return 0
	}
	return bytes.Count(data[:loc[0]], []byte("\n")) + 1
}

// Answer says how the platform answers a request for the URL path p
// (relative to the site's root, decoded, "" for the root) of the page
// whose file is rel (relative to the site folder, "/" separators): 200,
// or a redirect status and the path it redirects to, or 404 when the
// platform does not serve the page at p. Paths that are not a form of
// rel's page (a canonical elsewhere) are 200: not this method's to judge.
func (s Style) Answer(rel, p string) (status int, to string) {
	dir, name := "", rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir, name = rel[:i+1], rel[i+1:]
	}
	moved := 301
	switch s.Platform {
	case Vercel, CloudflarePages:
		moved = 308
	}
	if name == "index.html" || name == "index.htm" {
		slashed := dir
		bare := strings.TrimSuffix(dir, "/")
		switch p {
		case slashed:
			if dir != "" && !s.FolderSlash && !s.EitherSlash {
				return moved, bare
			}
		case bare:
			if s.FolderSlash && !s.EitherSlash {
				return moved, slashed
			}
		case rel:
			if s.CleanURLs {
				return moved, s.folder(dir)
			}
		}
		return 200, ""
	}
	stem, ok := strings.CutSuffix(name, ".html")
	if !ok {
		stem, ok = strings.CutSuffix(name, ".htm")
	}
	if !ok || stem == "" {
		return 200, ""
	}
	stem = dir + stem
	switch p {
	case rel:
		if s.CleanURLs {
			return moved, s.clean(stem)
		}
	case stem:
		switch {
		case s.Platform == Vercel && !s.CleanURLs:
			return 404, ""
		case s.CleanSlash && !s.EitherSlash:
			return moved, stem + "/"
		}
	case stem + "/":
		switch {
		case s.Platform == Vercel && !s.CleanURLs, s.Platform == GitHubPages:
			return 404, ""
		case s.CleanURLs && !s.CleanSlash && !s.EitherSlash:
			return moved, stem
		}
	}
	return 200, ""
}

func (s Style) folder(dir string) string {
	if dir != "" && !s.FolderSlash && !s.EitherSlash {
		return strings.TrimSuffix(dir, "/")
	}
	return dir
}

func (s Style) clean(stem string) string {
	if s.CleanSlash {
		return stem + "/"
	}
	return stem
}
