package hugo

import (
	"errors"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func checkZoneWarning(t *testing.T, ws []error, file string, line int, msg string) {
	t.Helper()
	if len(ws) != 1 {
		t.Fatalf("ZoneWarnings = %v; want one", ws)
	}
	var d *diag.Diagnostic
	if !errors.As(ws[0], &d) || d.File != file || d.Line != line || d.Msg != msg {
		t.Errorf("ZoneWarnings = %v; want %s:%d: %s", ws[0], file, line, msg)
	}
}

// TestHugoZone: timeZone, a language's own in the languages table
// (checked against Hugo 0.111.3: a page in French dated in Paris, in
// English in Los Angeles), :filename's date in it; an unknown zone a
// warning at its line.
func TestHugoZone(t *testing.T) {
	dir := buildtest.TempSite(t, map[string]string{"hugo.toml": `baseURL = "https://x.org/"
timeZone = "America/Los_Angeles"
[languages.en]
weight = 1
[languages.fr]
timeZone = "Europe/Paris"
[frontmatter]
date = [":filename", ":default"]
`})
	h, err := Load(dir, limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]string{
		"posts/a.md":               "America/Los_Angeles hugo.toml timeZone",
		"posts/a.fr.md":            "Europe/Paris hugo.toml languages.fr timeZone",
		"posts/2014-05-06-b.fr.md": "Europe/Paris hugo.toml languages.fr timeZone",
	} {
		r := h.FileRules(rel)
		if loc, from := r.Zone, r.ZoneFrom; loc == nil || loc.String()+" "+from != want {
			t.Errorf("Zone(%s) = %v, %q; want %s", rel, r.Zone, r.ZoneFrom, want)
		}
	}
	d := h.FileRules("posts/2014-05-06-b.fr.md").FileDate
	if want := time.Date(2014, 5, 5, 22, 0, 0, 0, time.UTC); !d.Equal(want) {
		t.Errorf("FileDate = %v; want %v (midnight in Paris)", d, want)
	}
	if w := h.Rules().Sources.ZoneWarnings; w != nil {
		t.Errorf("ZoneWarnings = %v", w)
	}

	h, err = Load(buildtest.TempSite(t, map[string]string{"hugo.toml": "baseURL = \"https://x.org/\"\n"}), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	if loc := h.FileRules("a.md").Zone; loc != nil {
		t.Errorf("Zone without timeZone = %v; want nil (UTC, Hugo's default)", loc)
	}

	h, err = Load(buildtest.TempSite(t, map[string]string{"config/_default/hugo.toml": "baseURL = \"https://x.org/\"\n[languages.de]\n  timeZone = \"Europe/Nowhere\"\n"}), limits.Default)
	if err != nil {
		t.Fatal(err)
	}
	if loc := h.FileRules("a.de.md").Zone; loc != nil {
		t.Errorf("Zone of an unknown timeZone = %v; want nil (UTC)", loc)
	}
	checkZoneWarning(t, h.Rules().Sources.ZoneWarnings, "config/_default/hugo.toml", 3, `timeZone: "Europe/Nowhere" is not a time zone of the IANA database; dates without a zone are read as UTC`)
}
