package hugo

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/generator"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/buildtest"
	"github.com/sitemapgen/sitemapgen/internal/generator/internal/conffile"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// envMap is a lookupEnv over a map.
func envMap(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := m[k]
		return v, ok
	}
}

func TestDetect(t *testing.T) {
	testDetect(t, []detectTest{
		{
			name: "empty folder",
			want: nil,
		},
		{
			name:  "unrelated files",
			files: map[string]string{"index.html": "<p>hi", "package.json": `{"dependencies": {"react": "^18"}}`, "Gemfile": "source 'https://rubygems.org'\n# gem \"jekyll\"\ngem \"rails\"\n"},
			want:  nil,
		},
	})
}

// detectTest is a case of a table test of detect: the files of a project
// folder, the environment, and the projects detect finds there.
type detectTest struct {
	name  string
	files map[string]string
	env   map[string]string
	want  []generator.Detected
}

// testDetect runs detect on each test's files, with HUGO_ENVIRONMENT
// empty.
func testDetect(t *testing.T, tests []detectTest) {
	t.Helper()
	t.Setenv("HUGO_ENVIRONMENT", "") // Load reads it: "production"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := buildtest.TempSite(t, tt.files)
			got, err := detect(dir, envMap(tt.env), limits.Default)
			if err != nil {
				t.Fatalf("detect: %v", err)
			}
			for i := range got {
				got[i].Plugin = nil // TestSitemapPlugin's
				got[i].Gen = nil    // the registry's
				got[i].Pages = nil  // TestHugoListPages', and the e2e TestHugoListAlternatesSitemapOff's
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("detect:\n got %s\nwant %s", formatProjects(got), formatProjects(tt.want))
			}
		})
	}
}

func formatProjects(ps []generator.Detected) string {
	if ps == nil {
		return "nil"
	}
	var b strings.Builder
	for _, p := range ps {
		b.WriteString("\n  {")
		v := reflect.ValueOf(p)
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); !f.IsZero() {
				b.WriteString(" " + v.Type().Field(i).Name + ": ")
				switch f.Kind() {
				case reflect.String:
					b.WriteString(strconv.Quote(f.String()))
				case reflect.Bool:
					b.WriteString(strconv.FormatBool(f.Bool()))
				case reflect.Pointer:
					fmt.Fprintf(&b, "%+v", f.Elem().Interface())
				default:
					ns, ok := f.Interface().([]string)
					if !ok {
						fmt.Fprintf(&b, "%v", f.Interface())
					}
					for _, n := range ns {
						b.WriteString("\n      " + strconv.Quote(n))
					}
				}
			}
		}
		b.WriteString(" }")
	}
	return b.String()
}

func TestDetectErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		file  string // the diag.Diagnostic's file, relative to the folder
		line  int
	}{
		{"broken hugo.toml", map[string]string{"hugo.toml": "title = 'x'\nbaseURL = \n"}, "hugo.toml", 2},
		{"broken config/_default", map[string]string{"config/_default/hugo.toml": "a = 1\n\nb = = 2\n"}, "config/_default/hugo.toml", 3},
		{"broken package.json", map[string]string{"package.json": "{\n  \"dependencies\": {\n    \"astro\": \"5\",\n  }\n}\n"}, "package.json", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := buildtest.TempSite(t, tt.files)
			got, err := detect(dir, envMap(nil), limits.Default)
			var ce *diag.Diagnostic
			if !errors.As(err, &ce) {
				t.Fatalf("detect = %s, %v; want a *diag.Diagnostic", formatProjects(got), err)
			}
			if got != nil {
				t.Errorf("projects = %s with an error", formatProjects(got))
			}
			if want := filepath.Join(dir, filepath.FromSlash(tt.file)); ce.File != want || ce.Line != tt.line {
				t.Errorf("diag.Diagnostic at %s:%d (%v), want %s:%d", ce.File, ce.Line, ce, want, tt.line)
			}
		})
	}

	if _, err := detect(filepath.Join(t.TempDir(), "missing"), envMap(nil), limits.Default); err == nil {
		t.Error("detect of a missing folder: no error")
	}
}

func TestKeyLine(t *testing.T) {
	data := []byte("# baseURL = 'no'\ntitle = 'x'\n  BaseUrl= 'y'\nbaseurl: z\n")
	if got := conffile.KeyLine(data, "baseURL"); got != 3 {
		t.Errorf("keyLine = %d, want 3", got)
	}
	if got := conffile.KeyLine(data, "publishDir"); got != 0 {
		t.Errorf("keyLine of a missing key = %d, want 0", got)
	}
}
