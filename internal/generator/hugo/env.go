package hugo

import (
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// Hugo's settings from the environment its build runs with, as Hugo reads
// them (https://gohugo.io/configuration/introduction/, "Environment
// variables"):
//
//   - HUGO_ENVIRONMENT, else HUGO_ENV (which Netlify's Hugo builds set),
//     else production, names the environment `hugo` builds in: the
//     config folder merged over config/_default, and a cascade's
//     environment.
//   - HUGO_ and a setting's name in capitals sets that setting over what
//     the files say: HUGO_ENABLEGITINFO=true, HUGO_BASEURL=… . The value
//     is read as the kind the setting holds (true or false for a
//     boolean); one that does not read so is left out, as Hugo leaves it.
//
// Hugo reads its own process's environment. Sitemapgen reads the
// [generator.Env] the project's discovery gives: its own environment,
// then the variables the hosting platform's file sets for the build
// (netlify.toml's [build.environment]), each with what set it.
//
// Of the settings set this way, those sitemapgen reads are taken:
// [envSettings], each a top-level one holding one value. A setting in a
// table (HUGO_PARAMS_…, HUGO_SITEMAP_FILENAME) and Hugo's other
// delimiters (HUGOxBASEURL) are not read.

// envKind is the kind of value a setting holds.
type envKind int

const (
	envString envKind = iota
	envBool
)

// envSettings are the top-level settings sitemapgen reads that a HUGO_
// variable sets, lower-cased, with the kind of value each holds.
var envSettings = []struct {
	key  string
	kind envKind
}{
	{"baseurl", envString},
	{"builddrafts", envBool},
	{"contentdir", envString},
	{"defaultcontentlanguage", envString},
	{"defaultcontentlanguageinsubdir", envBool},
	{"disablepathtolower", envBool},
	{"enablegitinfo", envBool},
	{"layoutdir", envString},
	{"paginatepath", envString},
	{"publishdir", envString},
	{"theme", envString},
	{"themesdir", envString},
	{"timezone", envString},
	{"uglyurls", envBool},
}

// hugoEnvironment returns the environment `hugo` builds in, as env
// gives it: HUGO_ENVIRONMENT, else HUGO_ENV, else production.
func hugoEnvironment(env generator.Env) string {
	for _, key := range []string{"HUGO_ENVIRONMENT", "HUGO_ENV"} {
		if v, _, ok := env(key); ok && v != "" {
			return v
		}
	}
	return "production"
}

// applyEnv sets in cfg, the merged and lower-cased configuration, each
// setting of envSettings that env sets, and in origin what set it. A
// table of uglyURLs (by section) stays: a variable sets one value.
func applyEnv(cfg map[string]any, origin map[string]string, env generator.Env) {
	for _, s := range envSettings {
		raw, from, ok := env("HUGO_" + strings.ToUpper(s.key))
		if !ok {
			continue
		}
		raw = strings.TrimSpace(raw)
		var v any = raw
		if s.kind == envBool {
			if _, table := cfg[s.key].(map[string]any); table {
				continue
			}
			b, err := strconv.ParseBool(raw)
			if err != nil {
				continue
			}
			v = b
		}
		cfg[s.key], origin[s.key] = v, from
	}
}

// buildEnv is the environment h's configuration was read with:
// sitemapgen's own for a preset LoadDir did not make.
func (h *Preset) buildEnv() generator.Env {
	if h.env == nil {
		return generator.OSEnv
	}
	return h.env
}
