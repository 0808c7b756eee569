package project

import (
	"slices"
	"strings"
	"sync"

	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/host"
)

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
func (p *discovery) readSettings(root string) ([]error, error) {
	dirs := p.dirs(root)
	if p.settings != nil && slices.Equal(dirs, p.settingsDirs) {
		return nil, nil
	}
	s, warnings, err := host.ReadSettings(p.platform, p.buildOf(p.platform), p.lim, dirs...)
	if err != nil {
		return warnings, err
	}
	p.settings, p.settingsDirs = &s, dirs
	return warnings, nil
}

// buildOf is the build whose variables the file of platform gives. It
// is the deploy context and branch of the build environment when that
// environment is platform's, else production's build.
func (p *discovery) buildOf(platform string) host.Build {
	if p.inDeploy && p.deploy.Platform == platform {
		return host.Build{Context: p.deploy.Context, Branch: p.deploy.Branch}
	}
	return host.Build{}
}

// startEnv sets p.env, the environment of the generators' builds. It is
// getenv (sitemapgen's own), then the variables of the platform's file
// in the folders of root. startEnv reads that file now (readSettings).
// Its warnings go to p, and loadStyle reports its error.
func (p *discovery) startEnv(getenv func(string) string, root string) {
	p.vars = &buildVars{}
	if p.platform != "" {
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
