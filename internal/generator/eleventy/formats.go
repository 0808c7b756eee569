package eleventy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/jscode"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/limits"
	"github.com/sitemapgen/sitemapgen/internal/uniq"
)

// The template languages of a project: the files Eleventy renders into
// pages, which sitemapgen joins to them. Eleventy 3 ships Markdown,
// HTML, Nunjucks and Liquid (and JavaScript, .11ty.js, whose URL is set
// in code, so sitemapgen does not join it). A plugin or the
// configuration adds others: eleventyConfig.addExtension("vto", …)
// makes a language of an extension, addTemplateFormats("vto") or
// templateFormats renders it.

// exts are the template languages sitemapgen joins in every Eleventy
// project: Eleventy 3's own, then those Eleventy 2 shipped and Eleventy 3
// left to plugins (Handlebars, Mustache, EJS, Haml, Pug), and WebC,
// which its plugin adds.
var exts = []string{".md", ".html", ".njk", ".liquid", ".hbs", ".mustache", ".ejs", ".haml", ".pug", ".webc"}

// pluginLanguages are the template languages plugins add, by the npm
// package of the plugin: a project that depends on one, or whose
// configuration names it, renders its files.
var pluginLanguages = []struct{ pkg, ext string }{
	{"eleventy-plugin-vento", ".vto"}, // addExtension("vto"), addTemplateFormats("vto")
}

// Own is what sitemapgen keeps of an Eleventy project for its routes.
type Own struct {
	// Exts are the template languages the project adds to [exts] (".vto"),
	// sorted: from its plugins, its configuration's addExtension and
	// templateFormats, and eleventy --formats in its package.json scripts.
	Exts []string
}

// maxLanguages is the most template languages a project adds that
// sitemapgen joins. A project adds one or two; each is a suffix every
// source file's name is matched with and an extension every layout's
// name is tried with, so that 50,000 of them in a configuration of
// 450 KB made the join of 5,000 sources cost seconds.
const maxLanguages = 100

// languages returns the template languages the project in d adds to
// exts: those of the plugins it depends on or its configuration (file,
// data) names, and those its configuration and its scripts register.
// Past maxLanguages, it keeps the first found and warns at file.
func languages(d *generator.Dir, file string, data []byte) ([]string, *diag.Diagnostic) {
	var out uniq.List // a configuration may name thousands
	add := func(ext string) {
		ext = "." + strings.TrimPrefix(strings.ToLower(strings.TrimSpace(ext)), ".")
		if ext != "." && !strings.ContainsAny(ext, "/*{}, ") && !slices.Contains(exts, ext) {
			out.Add(ext)
		}
	}
	for _, p := range pluginLanguages {
		if d.Depends(p.pkg) || file != "package.json" && strings.Contains(string(data), p.pkg) {
			add(p.ext)
		}
	}
	if file != "package.json" {
		for _, ext := range configLanguages(file, data, d.Limits()) {
			add(ext)
		}
	}
	for _, cmd := range []string{"eleventy", "@11ty/eleventy"} {
		for _, args := range d.ScriptRuns(cmd) {
			for _, f := range formatsFlag(args) {
				if pageFormat(f) {
					add(f)
				}
			}
		}
	}
	langs := out.Items()
	var warn *diag.Diagnostic
	if len(langs) > maxLanguages {
		warn = diag.At(file, 0, fmt.Sprintf("%d template languages added (templateFormats, addExtension, --formats); the first %d are joined to their pages, the sources of the others are not", len(langs), maxLanguages))
		langs = langs[:maxLanguages]
	}
	slices.Sort(langs)
	return langs, warn
}

// configLanguages returns the extensions an Eleventy configuration
// registers as template languages that write pages: the first argument
// of each addExtension call (a string or an array of strings), unless
// its options make it write another kind of file (outputFileExtension:
// "css") or make it JavaScript (key: "11ty.js", whose URL is set in
// code); and the formats of addTemplateFormats, setTemplateFormats and
// templateFormats (an array, or a string of formats separated by
// commas) but for those and the file types Eleventy copies as they are.
func configLanguages(file string, data []byte, lim limits.Limits) []string {
	m, err := jscode.Parse(file, data, lim)
	if err != nil {
		return nil
	}
	var pages, formats []string
	var other uniq.List
	for i := 1; i+1 < len(m.Toks); i++ {
		t := m.Toks[i]
		if t.Kind != jsconfig.Ident {
			continue
		}
		if t.Text == "templateFormats" && m.Toks[i+1].Is(":") {
			formats = append(formats, formatStrings(m, [2]int{i + 2, valueEnd(m, i+2)})...)
			continue
		}
		if !m.Toks[i-1].Is(".") || !m.Toks[i+1].Is("(") {
			continue
		}
		args := m.Args(i + 1)
		if len(args) == 0 {
			continue
		}
		switch t.Text {
		case "addExtension":
			if len(args) > 1 && !writesPages(m, args[1]) {
				for _, f := range formatStrings(m, args[0]) {
					other.Add(f)
				}
			} else {
				pages = append(pages, formatStrings(m, args[0])...)
			}
		case "addTemplateFormats", "setTemplateFormats":
			formats = append(formats, formatStrings(m, args[0])...)
		}
	}
	for _, f := range formats {
		if pageFormat(f) && !other.Has(f) {
			pages = append(pages, f)
		}
	}
	return pages
}

// assets are the formats of templateFormats that name no template
// language: files Eleventy copies into the output as they are.
var assets = []string{"css", "js", "mjs", "cjs", "json", "xml", "txt", "map", "webmanifest", "png", "jpg", "jpeg", "gif", "svg", "webp", "avif", "ico", "bmp", "woff", "woff2", "ttf", "otf", "eot", "pdf", "mp3", "mp4", "webm", "ogg", "wav", "zip"}

// pageFormat reports whether the format f of templateFormats or
// --formats may be a template language whose files are pages: not an
// asset's, and not "11ty.js" (JavaScript templates, whose URL is set in
// code).
func pageFormat(f string) bool {
	f = strings.ToLower(strings.TrimSpace(f))
	return f != "11ty.js" && !slices.Contains(assets, f)
}

// valueEnd returns the end of the value of an object's key that starts
// at the token s: the comma or closing brace after it.
func valueEnd(m *jscode.Module, s int) int {
	for j := s; j < len(m.Toks); j++ {
		if k := m.Match[j]; k > j {
			j = k
			continue
		}
		if m.Toks[j].Is(",") || m.Toks[j].Is("}") || m.Toks[j].Is(")") || m.Toks[j].Is("]") {
			return j
		}
	}
	return len(m.Toks)
}

// formatStrings returns the formats of the value in the tokens arg: a
// string literal of formats separated by commas, or an array of them.
func formatStrings(m *jscode.Module, arg [2]int) []string {
	var out []string
	for j := arg[0]; j < arg[1]; j++ {
		switch t := m.Toks[j]; {
		case t.Kind == jsconfig.String:
			out = append(out, strings.Split(t.Text, ",")...)
		case t.Is("[") || t.Is("]") || t.Is(","):
		default:
			return nil // a name, a call: not read
		}
	}
	return out
}

// writesPages reports whether the options of an addExtension call, in
// the tokens arg, make a language of pages whose URL a template's path
// or data gives: no outputFileExtension but "html", and no key
// "11ty.js" (an alias of JavaScript templates).
func writesPages(m *jscode.Module, arg [2]int) bool {
	for j := arg[0]; j+2 < arg[1]; j++ {
		t, v := m.Toks[j], m.Toks[j+2]
		if t.Kind != jsconfig.Ident && t.Kind != jsconfig.String || !m.Toks[j+1].Is(":") {
			continue
		}
		switch t.Text {
		case "outputFileExtension":
			if v.Kind != jsconfig.String || !strings.EqualFold(v.Text, "html") {
				return false
			}
		case "key":
			if v.Kind == jsconfig.String && v.Text == "11ty.js" {
				return false
			}
		}
	}
	return true
}

// formatsFlag returns the formats an eleventy command's arguments give
// with --formats=a,b or --formats a,b.
func formatsFlag(args []string) []string {
	for i, a := range args {
		a = strings.Trim(a, `"'`)
		if v, ok := strings.CutPrefix(a, "--formats="); ok {
			return strings.Split(strings.Trim(v, `"'`), ",")
		}
		if a == "--formats" && i+1 < len(args) {
			return strings.Split(strings.Trim(args[i+1], `"'`), ",")
		}
	}
	return nil
}

// templateExts returns the template languages of the project:
// Eleventy's (exts), then those it adds.
func (e *Preset) templateExts() []string {
	return append(slices.Clip(exts), e.Langs...)
}

// isTemplate reports whether the file name is a template of the
// project's languages.
func (e *Preset) isTemplate(name string) bool {
	return srcpath.HasExt(name, exts...) || srcpath.HasExt(name, e.Langs...)
}
