package hugo

import (
	"path"
	"strings"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/srcpath"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/zone"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// zone returns the timeZone of the language of the file at rel: its
// languages table's, else the site's; nil without one (Hugo's default is
// UTC, whatever the machine's zone).
func (h *Preset) zone(rel string) (*time.Location, string) {
	name, from := h.TimeZone, h.TimeZoneFrom
	if len(h.LangTimeZones) > 0 {
		base, _ := srcpath.SplitExt(path.Base(rel))
		_, lang := h.splitLang(base)
		if z, ok := h.LangTimeZones[lang]; ok {
			name, from = z, h.LangTimeZonesFrom+" languages."+lang
		}
	}
	if name == "" {
		return nil, ""
	}
	loc, err := zone.Load(name)
	if err != nil {
		return nil, ""
	}
	return loc, from + " timeZone"
}

// zoneWarnings names each timeZone of the configuration that is not a
// known zone (Hugo stops with an error).
func (h *Preset) zoneWarnings() []error {
	var out []error
	check := func(file, name string) {
		if name == "" {
			return
		}
		if _, err := zone.Load(name); err != nil {
			line := 0
			if h.project != "" {
				data, _ := h.limits.ReadFile(h.project, file, "", limits.Text)
				line = zoneLine(data, name)
			}
			out = append(out, &diag.Diagnostic{File: file, Line: line, Msg: zone.Unknown("timeZone", name)})
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
