package project

// The platform reader: what the hosting platform says. That is its build
// environment, its own file (netlify.toml, vercel.json) with its URL
// style and publish folder, and the environment the generators' builds
// run with.

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// platformReader reads what the hosting platform says about the project
// in dir. Its files are read within lim, each once.
type platformReader struct {
	dir string
	lim limits.Limits
	// deploy is the build environment, and inDeploy is false outside
	// one. name is the platform whose URL style and redirects apply (""
	// for none). from says what said so.
	deploy   host.Deploy
	inDeploy bool
	name     string
	from     string
	style    *host.Style
	// settings are what the platform's own file says (readSettings),
	// read from the folders settingsDirs. settingsErr is the error from
	// reading it when the reader started; loadStyle reports it.
	settings     *host.Settings
	settingsDirs []string
	settingsErr  error
	// top is the git work tree's top folder when its netlify.toml is the
	// project's (topNetlify), else "".
	top string
	// env is the environment of the generators' builds. vars are the
	// variables in it that come from the platform's file.
	env  generator.Env
	vars *buildVars
	// warnings are the problems of the platform's files found while the
	// platform was found.
	warnings []error
}

// readPlatform finds the platform of the project in dir (findPlatform)
// and the environment of the generators' builds (startEnv). hostKey is
// host:'s value, root the site folder given or "", and getenv reads
// sitemapgen's own environment.
func readPlatform(dir string, lim limits.Limits, hostKey, root string, getenv func(string) string) *platformReader {
	p := &platformReader{dir: dir, lim: lim}
	p.findPlatform(hostKey, root, getenv)
	p.startEnv(getenv, root)
	return p
}

// findPlatform sets the platform. It is the one host: names, else the
// build environment's, else the one whose files are in the project
// folder. A platform file that cannot be read gives a warning in
// p.warnings.
func (p *platformReader) findPlatform(hostKey, root string, getenv func(string) string) {
	p.deploy, p.inDeploy = host.FromEnv(getenv)
	if hostKey == "none" {
		return
	}
	if named, ok := platformOf[hostKey]; ok {
		p.name, p.from = named, "host: "+hostKey
		return
	}
	// GitHub Actions runs every kind of CI job, not only Pages deploys,
	// so a platform's file in the project says more.
	if p.inDeploy && p.deploy.Platform != host.GitHubPages {
		p.name, p.from = p.deploy.Platform, p.deploy.Platform+"'s build environment"
		return
	}
	dirs := p.dirs(root)
	platforms, files, warnings := host.Identify(p.lim, dirs...)
	p.warnings = append(p.warnings, warnings...)
	if len(platforms) == 0 {
		platforms, files = p.topNetlify(root)
	}
	if len(platforms) == 1 {
		p.name, p.from = platforms[0], files[0]
	} else if p.inDeploy && len(platforms) == 0 {
		p.name, p.from = p.deploy.Platform, p.deploy.Platform+"'s build environment"
	}
}

// topNetlify looks for the netlify.toml at the top of the git work tree
// that holds the project folder, when the project folder is below that
// top (a monorepo's docs/). Netlify reads netlify.toml at the
// repository's root. The file counts only when its [build] publish
// folder is inside the project folder; a file for another site of the
// repository says nothing about this one. topNetlify sets p.top, whose
// file then counts as the project's (dirs). It also keeps the settings
// it read, so readSettings reads no more.
func (p *platformReader) topNetlify(root string) (platforms, files []string) {
	t, err := TreeOf(p.dir)
	if err != nil || !t.Git {
		return nil, nil
	}
	dir, err := fsx.Real(p.dir)
	if err != nil || dir == t.Top {
		return nil, nil
	}
	// Write the top as a path from the project folder (".." for docs/),
	// so that messages name it as the user sees it.
	rel, err := filepath.Rel(dir, t.Top)
	if err != nil {
		return nil, nil
	}
	top := filepath.Join(p.dir, rel)
	found, names, _ := host.Identify(p.lim, top)
	if len(found) != 1 || found[0] != host.Netlify {
		return nil, nil
	}
	s, warnings, err := host.ReadSettings(host.Netlify, p.buildOf(host.Netlify), p.lim, top)
	if err != nil || s.Style.Publish == "" || fsx.Within(p.dir, s.Style.Publish) != nil {
		return nil, nil
	}
	p.top = top
	// The file is read once a run; readSettings takes these settings as
	// its own.
	p.settings, p.settingsDirs = &s, p.dirs(root)
	p.warnings = append(p.warnings, warnings...)
	return found, names
}

// shorter returns path from the working directory by the shorter way,
// when path is inside the project folder and was reached through the
// repository's top: ../docs/.vitepress/dist from docs/ becomes
// .vitepress/dist. Otherwise it returns path.
func (p *platformReader) shorter(path string) string {
	if p.top == "" || filepath.IsAbs(path) {
		return path
	}
	dir, err1 := filepath.Abs(p.dir)
	abs, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return path
	}
	if rel, err := filepath.Rel(dir, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.Join(p.dir, rel)
	}
	return path
}

// platformOf maps the values of host: to the platforms they name.
var platformOf = map[string]string{
	"netlify":          host.Netlify,
	"vercel":           host.Vercel,
	"cloudflare-pages": host.CloudflarePages,
	"github-pages":     host.GitHubPages,
}

// dirs returns the folders whose platform files count: the project
// folder, the site folder when it is known, and the repository's top
// when its netlify.toml publishes a folder of the project (topNetlify).
func (p *platformReader) dirs(root string) []string {
	dirs := []string{p.dir}
	if root != "" {
		dirs = append(dirs, root)
	}
	if p.top != "" {
		dirs = append(dirs, p.top)
	}
	return dirs
}

// deploying reports whether the build environment is the platform's.
// Then its URLs and previews count. They do not with host: none, with
// another platform named, or in a GitHub Actions job of a site that
// another platform's file claims.
func (p *platformReader) deploying() bool {
	return p.inDeploy && p.deploy.Platform == p.name
}

// loadStyle takes the platform's URL style from its file in the
// folders of root. The file is read once (readSettings). The warnings
// are the problems of the platform's files.
func (p *platformReader) loadStyle(root string) ([]error, error) {
	if p.name == "" {
		return nil, nil
	}
	if err := p.settingsErr; err != nil {
		p.settingsErr = nil
		return nil, err
	}
	warnings, err := p.readSettings(root)
	if err != nil {
		return warnings, err
	}
	st := p.settings.Style
	p.style = &st
	return warnings, nil
}

// HostDirs returns the project's folders whose host files (netlify.toml,
// vercel.json) count. The first is the project folder (the settings
// file's, or the working directory). The repository's top follows when
// its netlify.toml is the project's (PlatformTop).
func (pr *Project) HostDirs() []string {
	if pr.PlatformTop == "" {
		return []string{pr.Dir}
	}
	return []string{pr.Dir, pr.PlatformTop}
}

// The environment a generator's build runs with, which its configuration
// reads (Hugo's HUGO_ENABLEGITINFO, MkDocs' !ENV). It is sitemapgen's own
// environment, then the variables the hosting platform's file sets for
// the build: netlify.toml's [build.environment] and the environment of
// the deploy context built. Outside the platform's build, that context
// is production: sitemapgen then runs after a local build of the site as
// it is deployed. A variable of sitemapgen's own environment wins, since
// on the platform the file's variables are in it already.

// readSettings reads the platform's own file (host.ReadSettings) in the
// folders of root (dirs). It reads once for those folders, so the
// warnings and the error are those of the first read. It keeps the
// file's build variables for the generators' environment (buildEnv).
func (p *platformReader) readSettings(root string) ([]error, error) {
	dirs := p.dirs(root)
	if p.settings != nil && slices.Equal(dirs, p.settingsDirs) {
		return nil, nil
	}
	s, warnings, err := host.ReadSettings(p.name, p.buildOf(p.name), p.lim, dirs...)
	if err != nil {
		return warnings, err
	}
	p.settings, p.settingsDirs = &s, dirs
	return warnings, nil
}

// buildOf is the build whose variables the file of platform gives. It
// is the deploy context and branch of the build environment when that
// environment is platform's, else production's build.
func (p *platformReader) buildOf(platform string) host.Build {
	if p.inDeploy && p.deploy.Platform == platform {
		return host.Build{Context: p.deploy.Context, Branch: p.deploy.Branch}
	}
	return host.Build{}
}

// startEnv sets p.env, the environment of the generators' builds. It is
// getenv (sitemapgen's own), then the variables of the platform's file
// in the folders of root. startEnv reads that file now (readSettings).
// Its warnings go to p, and loadStyle reports its error.
func (p *platformReader) startEnv(getenv func(string) string, root string) {
	p.vars = &buildVars{}
	if p.name != "" {
		warnings, err := p.readSettings(root)
		p.warnings = append(p.warnings, warnings...)
		p.settingsErr = err
		if p.settings != nil {
			p.vars.file = p.settings.Env
		}
	}
	p.env = p.vars.env(getenv)
}

// buildVars are the variables the platform's file sets for the build,
// and the ones among them that a generator read.
type buildVars struct {
	file []host.Var
	mu   sync.Mutex
	used []host.Var
}

// env is the environment getenv gives, then the file's variables. A
// variable set to "" counts as not set. Each variable comes with where
// it is set.
func (b *buildVars) env(getenv func(string) string) generator.Env {
	return func(key string) (string, string, bool) {
		if v := getenv(key); v != "" {
			return v, key, true
		}
		for _, v := range b.file {
			if v.Name == key {
				b.mu.Lock()
				if !slices.Contains(b.used, v) {
					b.used = append(b.used, v)
				}
				b.mu.Unlock()
				return v.Value, key + " in " + v.From, true
			}
		}
		return "", "", false
	}
}

// describe names the variables of the platform's file that a generator
// read, for the line of what was found: "build environment
// HUGO_ENABLEGITINFO (netlify.toml:5 [build.environment])". It returns
// "" for none.
func (b *buildVars) describe() string {
	if b == nil {
		return ""
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.used) == 0 {
		return ""
	}
	used := slices.Clone(b.used)
	slices.SortFunc(used, func(x, y host.Var) int { return strings.Compare(x.Name, y.Name) })
	parts := make([]string, len(used))
	for i, v := range used {
		parts[i] = v.Name + " (" + v.From + ")"
	}
	return "build environment " + strings.Join(parts, ", ")
}
