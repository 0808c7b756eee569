package eleventy

import (
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// A permalink a JavaScript data file sets as a function of the data,
// read without running it when returning a template literal of the data
// is all the function does:
//
//	permalink: (data) => `/${data.lang}/blog/${data.page.fileSlug}/`,
//	eleventyComputed: { permalink({ page }) { return `/n/${page.fileSlug}/`; } },
//
// It is read as the permalink template /{{ lang }}/blog/{{ page.fileSlug
// }}/, whose variables the data cascade fills.

// funcPermalink returns, as a permalink template, the permalink that
// the function of the module src sets at permalink (or, computed, at
// eleventyComputed.permalink); ok is false for any other function.
func funcPermalink(src []byte, computed bool, lim limits.Limits) (string, bool) {
	toks, err := jsconfig.Tokens(src, lim)
	if err != nil {
		return "", false
	}
	var open []int // the braces open at each token
	for i, t := range toks {
		switch {
		case t.Is("{"):
			open = append(open, i)
			continue
		case t.Is("}"):
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
			continue
		}
		if i+1 >= len(toks) || t.Text != "permalink" || t.Kind != jsconfig.Ident && t.Kind != jsconfig.String {
			continue
		}
		in := len(open) > 0 && open[len(open)-1] >= 2 && toks[open[len(open)-1]-1].Is(":") && toks[open[len(open)-1]-2].Text == "eleventyComputed"
		if in != computed {
			continue
		}
		switch next := toks[i+1]; {
		case next.Is(":"):
			return funcTemplate(src, toks, i+2)
		case next.Is("("): // a method: permalink(data) { … }
			return funcTemplate(src, toks, i)
		}
	}
	return "", false
}

// funcTemplate reads the function whose tokens start at i: function
// (data) { return `…` }, (data) => `…`, data => { return `…`; }, a
// method's name followed by its parameters and body, async or not.
func funcTemplate(src []byte, toks []jsconfig.Token, i int) (string, bool) {
	at := func(j int) jsconfig.Token {
		if j < len(toks) {
			return toks[j]
		}
		return jsconfig.Token{}
	}
	if at(i).IsIdent("async") {
		i++
	}
	arrow := true
	if at(i).IsIdent("function") {
		arrow = false
		i++
	}
	if at(i).Kind == jsconfig.Ident && at(i+1).Is("(") { // a function's or a method's name
		arrow = false
		i++
	}
	var names []string // the names the parameter binds: data, or page and lang of ({ page, lang })
	var prefix string  // what a name of the data starts with: "data."
	switch {
	case at(i).Kind == jsconfig.Ident && arrow:
		prefix, i = at(i).Text+".", i+1
	case at(i).Is("("):
		j := i + 1
		switch {
		case at(j).Kind == jsconfig.Ident && at(j+1).Is(")"):
			prefix, j = at(j).Text+".", j+1
		case at(j).Is("{"):
			for j++; at(j).Kind == jsconfig.Ident; j++ {
				names = append(names, at(j).Text)
				if j++; !at(j).Is(",") {
					break
				}
			}
			if !at(j).Is("}") || !at(j+1).Is(")") {
				return "", false
			}
			j++
		default:
			return "", false
		}
		i = j + 1
	default:
		return "", false
	}
	if arrow {
		if !at(i).Is("=>") {
			return "", false
		}
		i++
	}
	if at(i).Is("{") { // a body: return `…`; alone
		if !at(i + 1).IsIdent("return") {
			return "", false
		}
		end := i + 3
		if at(end).Is(";") {
			end++
		}
		if !at(end).Is("}") {
			return "", false
		}
		i++
		i++
	} else if !arrow {
		return "", false
	}
	v := at(i)
	switch v.Kind {
	case jsconfig.String:
		if strings.Contains(v.Text, "{{") || strings.Contains(v.Text, "{%") {
			return "", false // a template of Eleventy's, not rendered from a function
		}
		return v.Text, true
	case jsconfig.Template:
		if v.End-v.Pos < 2 || v.End > len(src) {
			return "", false
		}
		return templateLiteral(string(src[v.Pos+1:v.End-1]), prefix, names)
	}
	return "", false
}

// substitution is a ${…} of a template literal.
var substitution = lazyre.MustCompile(`\$\{\s*([^{}]*?)\s*\}`)

// dataPath is a dotted path of names.
var dataPath = lazyre.MustCompile(`^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$`)

// templateLiteral returns the text of a template literal, raw, as a
// permalink template: each ${data.NAME}, with prefix "data.", or
// ${NAME…} for a name of names, as {{ NAME }}; ok is false for any other
// substitution, or an escape.
func templateLiteral(raw, prefix string, names []string) (string, bool) {
	if strings.ContainsAny(raw, "\\") || strings.Contains(raw, "{{") || strings.Contains(raw, "{%") {
		return "", false
	}
	ok := true
	out := substitution().ReplaceAllStringFunc(raw, func(m string) string {
		expr := substitution().FindStringSubmatch(m)[1]
		name, bound := strings.CutPrefix(expr, prefix)
		if !bound || prefix == "" {
			first, _, _ := strings.Cut(expr, ".")
			name, bound = expr, slices.Contains(names, first)
		}
		if !bound || !dataPath().MatchString(name) {
			ok = false
			return ""
		}
		return "{{ " + name + " }}"
	})
	if !ok || strings.Contains(out, "${") {
		return "", false
	}
	return out, true
}
