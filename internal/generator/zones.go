package generator

import (
	"path"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/zone"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// Zoned is implemented by presets whose generator reads a date written
// without a zone (2024-05-06, 2024-05-06 10:00, a post's file name) in a
// time zone its configuration names: Jekyll's timezone, Hugo's timeZone
// (also per language). The others read such dates as UTC: Eleventy
// (Luxon in UTC, js-yaml's timestamps) and Hugo without timeZone always;
// Astro, Docusaurus and the other JavaScript generators as JavaScript's
// Date does, a date alone as UTC and a date and time in the build
// machine's zone, which a sitemap cannot know (it is UTC on most CI
// machines); MkDocs and Sphinx date nothing themselves.
type Zoned interface {
	// Zone returns the time zone of the dates written without one in
	// the source file at rel, and the setting that names it
	// ("_config.yml timezone"); nil when the configuration names none
	// or a zone that is not known (UTC).
	Zone(rel string) (loc *time.Location, from string)
	// ZoneWarnings are the zones of the configuration that are not
	// known, each at its file and line: those dates are read as UTC.
	ZoneWarnings() []error
}

// loadLocation, unknownZone and quoteZone are package zone's Load,
// Unknown and Quote.
var (
	loadLocation = zone.Load
	unknownZone  = zone.Unknown
	quoteZone    = zone.Quote
)

// Zone returns the timeZone of the language of the file at rel: its
// languages table's, else the site's; nil without one (Hugo's default is
// UTC, whatever the machine's zone).
func (h *Hugo) Zone(rel string) (*time.Location, string) {
	name, from := h.TimeZone, h.TimeZoneFrom
	if len(h.LangTimeZones) > 0 {
		base, _ := splitExt(path.Base(rel))
		_, lang := h.splitLang(base)
		if z, ok := h.LangTimeZones[lang]; ok {
			name, from = z, h.LangTimeZonesFrom+" languages."+lang
		}
	}
	if name == "" {
		return nil, ""
	}
	loc, err := loadLocation(name)
	if err != nil {
		return nil, ""
	}
	return loc, from + " timeZone"
}

// ZoneWarnings names each timeZone of the configuration that is not a
// known zone (Hugo stops with an error).
func (h *Hugo) ZoneWarnings() []error {
	var out []error
	check := func(file, name string) {
		if name == "" {
			return
		}
		if _, err := loadLocation(name); err != nil {
			line := 0
			if h.project != "" {
				data, _ := h.limits.ReadFile(h.project, file, "", limits.Text)
				line = zoneLine(data, name)
			}
			out = append(out, &diag.Diagnostic{File: file, Line: line, Msg: unknownZone("timeZone", name)})
		}
	}
	check(h.TimeZoneFrom, h.TimeZone)
	for _, lang := range h.Languages {
		check(h.LangTimeZonesFrom, h.LangTimeZones[lang])
	}
	return out
}

// zoneLine is the line of data that sets timeZone to name, 0 if none
// does: the key may be set for several languages in one file.
func zoneLine(data []byte, name string) int {
	for i, ln := range strings.Split(string(data), "\n") {
		if strings.Contains(strings.ToLower(ln), "timezone") && strings.Contains(ln, name) {
			return i + 1
		}
	}
	return 0
}

// Zone is the zone of the language of the file at rel, a path under the
// project folder with a language's own content folder first.
func (hl *HugoLanguages) Zone(rel string) (*time.Location, string) {
	if h, r, ok := hl.of(rel); ok {
		return h.Zone(r)
	}
	return nil, ""
}

// ZoneWarnings are the site's.
func (hl *HugoLanguages) ZoneWarnings() []error {
	if h := hl.Site(); h != nil {
		return h.ZoneWarnings()
	}
	return nil
}
