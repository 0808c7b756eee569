package hugo

// A sitemap template of the project's own (layouts/sitemap.xml,
// layouts/_default/sitemap.xml, or a theme's), which Hugo writes its
// sitemap with in place of its own. sitemapgen's sitemaps replace what it
// writes; of what it changes, the common pattern that leaves pages out by
// a front matter key (if not .Params.sitemap_exclude) is honoured, and
// one warning names the file and what is not read.

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// sitemapTemplateExcludeREs match, in a sitemap template, the tests that
// leave a page out when its front matter key (the group, then what
// follows it: a key of a mapping is not one) is true: if not .Params.x,
// if ne .Params.x true, where … ".Params.x" "!=" true.
var sitemapTemplateExcludeREs = []func() *regexp.Regexp{
	lazyre.MustCompile(`\bif\s+not\s+\(?\s*\.Params\.(\w+)(\.?)`),
	lazyre.MustCompile(`\bif\s+ne\s+\(?\s*\.Params\.(\w+)(\.?)\s*\)?\s+true\b`),
	lazyre.MustCompile(`\bwhere\s+\S+\s+"\.?Params\.(\w+)(\.?)"\s+"(?:!=|ne)"\s+true\b`),
}

// SitemapTemplate is what a sitemap template of the project's own says.
type SitemapTemplate struct {
	// File is its path, relative to the project folder with "/".
	File string
	// Exclude are the front matter keys, lower-cased, whose true leaves
	// a page out of it: the first templateKeys of them; KeysLeft counts
	// the others, which are not honoured.
	Exclude  []string
	KeysLeft int
	// Lastmod and Alternates say whether it writes <lastmod> and
	// xhtml:link alternates at all.
	Lastmod, Alternates bool
}

// readSitemapTemplate finds the sitemap template Hugo would use in
// projectDir (the project's layouts/sitemap.xml or
// layouts/_default/sitemap.xml, then each theme's the configuration
// cfg names, in its order) and reads it within lim; nil for none, or one
// that cannot be read (sitemapTemplate says it to the witness rules).
func readSitemapTemplate(projectDir string, cfg map[string]any, lim limits.Limits) *SitemapTemplate {
	layouts, themes := layoutDirs(cfg)
	folders := []string{layouts}
	switch v := cfg["theme"].(type) {
	case string:
		folders = append(folders, path.Join(themes, v, "layouts"))
	case []any:
		for _, t := range v {
			if s, ok := t.(string); ok {
				folders = append(folders, path.Join(themes, s, "layouts"))
			}
		}
	}
	for _, f := range folders {
		for _, rel := range []string{path.Join(f, "sitemap.xml"), path.Join(f, "_default", "sitemap.xml")} {
			if st, err := fsx.Stat(projectDir, rel); err != nil || !st.Mode().IsRegular() {
				continue
			}
			data, err := lim.ReadFile(projectDir, rel, "", limits.Text)
			if err != nil {
				return nil
			}
			return parseSitemapTemplate(rel, string(data))
		}
	}
	return nil
}

// templateKeys is the most front matter keys of a sitemap template
// that are honoured: every page's front matter is read for each key, and
// each cascade too. A real template tests one or two.
const templateKeys = 20

// templateShown is the most keys of a sitemap template its warning
// names; it says how many more there are.
const templateShown = 3

// parseSitemapTemplate reads the template text of the file rel. Each key
// found is looked up in a set of those found before, so the reading is
// linear in the text's length.
func parseSitemapTemplate(rel, text string) *SitemapTemplate {
	t := &SitemapTemplate{File: rel, Lastmod: strings.Contains(text, "lastmod"), Alternates: strings.Contains(text, "xhtml:link")}
	seen := map[string]bool{}
	for _, re := range sitemapTemplateExcludeREs {
		for _, m := range re().FindAllStringSubmatch(text, -1) {
			k := strings.ToLower(m[1])
			if m[2] != "" || seen[k] {
				continue
			}
			seen[k] = true
			if len(t.Exclude) == templateKeys {
				t.KeysLeft++
				continue
			}
			t.Exclude = append(t.Exclude, k)
		}
	}
	return t
}

// warning says, at the template's file, what of it sitemapgen honours and
// what it does not read; translated says the site has several languages.
func (t *SitemapTemplate) warning(translated bool) *diag.Diagnostic {
	msg := "a sitemap template of the project's own, whose sitemap sitemapgen's replace"
	if len(t.Exclude) > 0 {
		var keys []string
		for _, k := range t.Exclude[:min(len(t.Exclude), templateShown)] {
			keys = append(keys, diag.Excerpt(k)+": true")
		}
		if more := len(t.Exclude) - len(keys); more > 0 {
			keys[len(keys)-1] += fmt.Sprintf(" (and %d more keys)", more)
		}
		msg += ": the pages whose front matter says " + strings.Join(keys, " or ") + " are left out, as it leaves them out; anything else it changes is not read"
		if t.KeysLeft > 0 {
			msg += fmt.Sprintf("; the pages it leaves out by %d more front matter keys are listed (at most %d keys are read; leave those pages out with exclude: in sitemap.yaml)", t.KeysLeft, templateKeys)
		}
	} else {
		msg += ": what it changes is not read (the pages it leaves out: give them sitemap: false in their front matter, or exclude: in sitemap.yaml)"
	}
	var more []string
	if !t.Lastmod {
		more = append(more, "it writes no <lastmod>, ours do")
	}
	if !t.Alternates && translated {
		more = append(more, "it writes no hreflang alternates, ours do")
	}
	if len(more) > 0 {
		msg += "; " + strings.Join(more, "; ")
	}
	return &diag.Diagnostic{File: t.File, Msg: msg}
}

// sitemapExclude are the front matter keys whose true leaves a page out
// of the project's own sitemap template; none without one.
func (h *Preset) sitemapExclude() []string {
	if h.SitemapTemplate == nil {
		return nil
	}
	return h.SitemapTemplate.Exclude
}

// layoutDirs are the project's layouts folder (layoutDir) and its themes'
// folder (themesDir), as the configuration cfg names them.
func layoutDirs(cfg map[string]any) (layouts, themes string) {
	layouts, themes = "layouts", "themes"
	if s, ok := cfg["layoutdir"].(string); ok && s != "" {
		layouts = path.Clean(s)
	}
	if s, ok := cfg["themesdir"].(string); ok && s != "" {
		themes = path.Clean(s)
	}
	return layouts, themes
}
