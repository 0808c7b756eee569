package config

// Messages that name a flag name it as the tool that runs sitemapgen
// names the setting. Inside the Netlify plugin, "(--base-url)" is advice
// a user cannot follow, but "([plugins.inputs] baseUrl)" is.

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/lazyre"
)

// RunByEnv is the variable through which the tool that runs sitemapgen
// (an integration, the JS API, the GitHub Action) says where its user
// gives sitemapgen's settings. Its value is one of [RunBy]'s keys.
const RunByEnv = "SITEMAPGEN_RUN_BY"

// notInAPI are the flags of build that the npm package's options do not
// take. The package passes --json itself. --check and --explain print
// their own answers, not the summary the package resolves to.
var notInAPI = []string{"json", "check", "explain"}

// actionInputs are the flags for which the GitHub Action has an input
// of its own (action.yml). The other flags go in its args input.
var actionInputs = []string{"base-url", "config", "gzip", "text", "robots", "strict"}

// netlifyInputs are the Netlify plugin's inputs that are build's
// settings (npm/sitemapgen/netlify/manifest.yml). Netlify refuses any
// other input, so the other settings go in sitemap.yaml.
var netlifyInputs = []string{"baseUrl", "exclude", "include", "gzip", "text", "robots", "cleanUrls", "trailingSlash", "maxUrls", "lastmodSources", "previews", "strict", "config", "priority"}

// RunBy maps each tool that runs sitemapgen to how its user gives the
// setting of a flag. Each entry takes the flag's name and the value
// given, if any (see [RenderFlags]). The npm integration a peer's Def
// names (peer.Def.RunBy) is a key; the registry's TestRunByPeers holds
// the keys to the Defs.
var RunBy = map[string]func(flag, value string) string{
	"api": func(f, v string) string { return "the option " + option(f, v) },
	"netlify": func(f, v string) string {
		if slices.Contains(netlifyInputs, Camel(f)) {
			return "[plugins.inputs] " + Camel(f) + tail(" = ", v)
		}
		if key := keyOf(f); key != "" {
			return key + tail(": ", v) + " in sitemap.yaml"
		}
		return "--" + f + tail("=", v)
	},
	"astro":      func(f, v string) string { return "sitemapgen({ " + option(f, v) + " })" },
	"eleventy":   func(f, v string) string { return "addPlugin(sitemapgen, { " + option(f, v) + " })" },
	"docusaurus": func(f, v string) string { return `["sitemapgen/docusaurus", { ` + option(f, v) + " }]" },
	"jekyll": func(f, v string) string {
		return "_config.yml's sitemapgen: " + strings.ReplaceAll(f, "-", "_") + tail(": ", v)
	},
	"action": func(f, v string) string {
		if slices.Contains(actionInputs, f) {
			if v != "" {
				return "with: " + f + ": " + v
			}
			return "with: " + f
		}
		if v != "" {
			return "with: args: --" + f + "=" + v
		}
		return "with: args: --" + f
	},
}

// option is a JS option: "baseUrl", or "baseUrl: \"https://x.org/\"".
func option(flag, value string) string {
	return Camel(flag) + tail(": ", value)
}

// tail is sep and value as a JS or TOML value: a string is quoted, and
// a boolean or a number stays as it is. tail is "" for no value.
func tail(sep, value string) string {
	if value == "" {
		return ""
	}
	if _, err := strconv.ParseFloat(value, 64); err == nil || value == "true" || value == "false" {
		return sep + value
	}
	return sep + strconv.Quote(value)
}

// Camel spells a flag's name in camelCase, as the npm package's options
// do: max-urls is maxUrls.
func Camel(name string) string {
	parts := strings.Split(name, "-")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// flagRef matches a flag named in a message: "--" and its name, after
// the start, a space, "(", a quote or a backquote. Its value follows, if
// given. After "=", the value runs up to a space, a comma, a semicolon,
// a quote or ")". After a space, only a URL or a quoted value counts,
// since a word there belongs to the sentence.
var flagRef = lazyre.MustCompile("(^|[\\s(`'\"])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:=([^\\s,;)`'\"]+)| ([a-z]+://[^\\s,;)`'\"]+|'[^'\\s]*'))?")

// RenderFlags returns msg with each of build's flags it names written as
// the tool runBy (a key of [RunBy]) names the setting. For any other
// tool, msg stays as it is. So does a flag for which the tool has no
// setting (the npm options lack --json, --check and --explain).
func RenderFlags(msg, runBy string) string {
	form := RunBy[runBy]
	if form == nil {
		return msg
	}
	return renderFlags(msg, form, runBy == "action")
}

// AsKeys returns msg with each of build's flags it names written as the
// key of sitemap.yaml that gives it: "--exclude GLOB" as "exclude:
// GLOB". sitemapgen init uses it for the file's comments. A flag without
// a key stays as it is.
func AsKeys(msg string) string {
	return renderFlags(msg, func(f, v string) string {
		if key := keyOf(f); key != "" {
			return key + ":" + tail(" ", v)
		}
		return "--" + f + tail("=", v)
	}, true)
}

// renderFlags returns msg with each of build's flags it names rendered
// by form. With all, it renders the flags the npm options lack too.
func renderFlags(msg string, form func(flag, value string) string, all bool) string {
	if !strings.Contains(msg, "--") {
		return msg
	}
	return flagRef().ReplaceAllStringFunc(msg, func(m string) string {
		sub := flagRef().FindStringSubmatch(m)
		name := sub[2]
		if !isBuildFlag(name) || !all && slices.Contains(notInAPI, name) {
			return m
		}
		given := sub[3] + strings.Trim(sub[4], "'")
		value := strings.TrimRight(given, ".:") // the sentence's, not the value's
		return sub[1] + form(name, value) + given[len(value):]
	})
}

// isBuildFlag reports whether name is one of build's flags.
func isBuildFlag(name string) bool {
	return buildFlag(name) != nil
}

// keyOf is the sitemap.yaml key of build's flag name, if it has one.
func keyOf(name string) string {
	if s := buildFlag(name); s != nil {
		return s.Key
	}
	return ""
}

func buildFlag(name string) *Setting[Values] {
	for _, s := range Settings.flags(BuildCommand) {
		if s.Flag == name {
			return s
		}
	}
	return nil
}
