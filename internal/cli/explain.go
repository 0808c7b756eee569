package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/pipeline"
	"github.com/sitemapgen/sitemapgen/sitemap"
)

// explain prints what --explain asked.
func (r *reporter) explain(x pipeline.Explanation) {
	w, d := r.explainTo, &x.Decision
	fmt.Fprintf(w, "%s\n", r.path(x.Path))
	if d.URL.Loc != "" {
		fmt.Fprintf(w, "  url:         %s\n", d.URL.Loc)
	}
	if x.Source != "" {
		shared := ""
		if x.SourceShared {
			shared = " (another source has its URL too: dated by neither)"
		}
		fmt.Fprintf(w, "  source:      %s%s\n", r.path(x.Source), shared)
	}
	if x.Generator != "" {
		fmt.Fprintf(w, "  generator:   %s\n", x.Generator)
	}
	switch {
	case x.NotWalked != nil:
		fmt.Fprintf(w, "  listed:      no, not walked: %v\n", x.NotWalked)
	case d.Skip != "":
		fmt.Fprintf(w, "  listed:      no, %s%s\n", d.Skip, parens(d.Because))
	case x.DuplicateOf != "":
		fmt.Fprintf(w, "  listed:      no, a duplicate of %s\n", x.DuplicateOf)
	default:
		fmt.Fprintf(w, "  listed:      yes%s\n", parens(d.Because))
		if lm := sitemap.AppendLastMod(nil, d.URL.LastMod, r.dates); len(lm) > 0 {
			fmt.Fprintf(w, "  lastmod:     %s (%s)\n", lm, d.LastModFrom)
		} else {
			fmt.Fprintf(w, "  lastmod:     none%s\n", parens(x.NoLastMod))
		}
		for _, st := range d.Stamps {
			fmt.Fprintf(w, "  passed over: %s\n", st)
		}
		rule := "no rule matches"
		if d.Rule > 0 {
			rule = fmt.Sprintf("rule %d, match: %s", d.Rule, x.RuleMatch)
		}
		for _, v := range []struct {
			name, value string
			fromSource  bool
		}{{"changefreq", d.URL.ChangeFreq.String(), d.ChangeFreqFromSource}, {"priority", d.URL.Priority.String(), d.PriorityFromSource}} {
			if v.value == "" {
				v.value = "none"
			}
			from := rule
			if v.fromSource {
				from = "front matter sitemap: block"
			}
			if slices.Contains(x.TransformTook, v.name) {
				from = x.TransformFrom
			} else if slices.Contains(x.ExtraTook, v.name) {
				from = x.ExtraFrom + ", extra URLs"
			} else if x.ExtraFrom == x.Path && x.ExtraFrom != "" {
				from = "not in " + x.ExtraFrom
				if v.value != "none" {
					from = "--" + v.name + "; not in " + x.ExtraFrom
				}
			}
			fmt.Fprintf(w, "  %-12s %s (%s)\n", v.name+":", v.value, from)
		}
		if x.ExtraFrom != "" && x.ExtraFrom != x.Path {
			took := "no value of its own: the page's are listed"
			if len(x.ExtraTook) > 0 {
				took = strings.Join(x.ExtraTook, ", ") + ", over the page's own"
			}
			fmt.Fprintf(w, "  extra URL:   %s gives this URL too: %s\n", x.ExtraFrom, took)
		}
		if x.TransformFrom != "" {
			took := "added this URL"
			if x.TransformFrom != x.Path {
				took = "changed " + strings.Join(x.TransformTook, ", ")
			}
			fmt.Fprintf(w, "  transform:   %s %s\n", x.TransformFrom, took)
		}
		if x.AlternatesFrom != "" && (len(d.URL.Alternates) > 0 || len(x.DroppedAlternates) > 0) {
			fmt.Fprintf(w, "  alternates:  from %s\n", x.AlternatesFrom)
		}
		for _, a := range d.URL.Alternates {
			fmt.Fprintf(w, "  alternate:   %s %s\n", a.Lang, a.Href)
		}
		for _, a := range x.DroppedAlternates {
			fmt.Fprintf(w, "  left out:    alternate %s %s (not in the sitemap)\n", a.Lang, a.Href)
		}
		for _, note := range d.VideoNotes {
			fmt.Fprintf(w, "  video:       %s\n", note)
		}
		if note := d.NewsNote.String(); note != "" {
			fmt.Fprintf(w, "  news:        %s\n", note)
		}
	}
	for _, warning := range d.Warnings {
		fmt.Fprintf(w, "  warning:     %s\n", warning)
	}
	for _, warning := range d.LineWarnings {
		fmt.Fprintf(w, "  warning:     line %d: %s\n", warning.Line, warning.Msg)
	}
}
