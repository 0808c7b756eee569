package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// The messages tests run sitemapgen on inputs whose values are chosen
// to break a message printed raw, and hold every message it prints to
// one rule: escaped, a bounded excerpt, and nothing of a file the
// repository's settings name unless it is a URL.

// hostileMessageValues break a message printed raw: a line break that
// forges a line of its own (on GitHub Actions a line starting with "::"
// is a workflow command), a carriage return, a terminal's escape
// sequences and bell, a NUL, a megabyte. Each holds PWNED, which a
// message about a file the repository names must not show.
var hostileMessageValues = map[string]string{
	"newline":  "x\n::error::PWNED",
	"CR":       "x\r::add-mask::PWNED",
	"ESC, BEL": "x\x1b]0;PWNED\x07\x1b[2J",
	"NUL":      "\x00PWNED",
	"1 MB":     "::error::PWNED" + strings.Repeat("a", 1_000_000),
}

// maxMessageLine is the longest line a message may print: its place, its
// words, an excerpt of a value (80 bytes, escaped) or a URL whole up to
// the protocol's 2,048 bytes (none of the values here is one).
const maxMessageLine = 1024

// A messageCase puts a hostile value v in one input of the folder dir
// and returns the arguments to run sitemapgen with there, and what its
// messages must say (a part of the message the value's path makes, so
// that the case is known to reach it; "" where the value makes none).
type messageCase struct {
	name string
	// only, when set, is the value the case takes (a TOML integer is
	// digits: the megabyte alone).
	only  string
	setup func(t *testing.T, dir, v string) (args []string, want string)
	// named: the value is in a file the repository's settings name,
	// whose content a message must not show.
	named bool
}

// jsonString is v as a JSON string, which TOML's basic strings read
// too.
func jsonString(t *testing.T, v string) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// csvField is v as a quoted CSV field.
func csvField(v string) string {
	return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
}

// messageSite writes a one-page site under dir/site and, when yaml is
// not "", dir/sitemap.yaml.
func messageSite(t *testing.T, dir, yaml string) {
	t.Helper()
	write(t, filepath.Join(dir, "site", "index.html"), "<html><head><title>Home</title></head><body>Home</body></html>")
	if yaml != "" {
		write(t, filepath.Join(dir, "sitemap.yaml"), yaml)
	}
}

// extraFile is the case of a value at a place of a file of extra URLs
// the command line names (--extra-urls, the user's own).
func extraFile(name, file string, record func(t *testing.T, v string) string, want string) messageCase {
	return messageCase{name: name, setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "")
		write(t, filepath.Join(dir, file), record(t, v)+"\n")
		return []string{"--base-url", "https://example.com/", "--extra-urls", file, "--dry-run", "site"}, want
	}}
}

func jsonRecord(before, after string) func(t *testing.T, v string) string {
	return func(t *testing.T, v string) string { return before + jsonString(t, v) + after }
}

func csvRecord(header, before string) func(t *testing.T, v string) string {
	return func(t *testing.T, v string) string { return header + "\n" + before + csvField(v) }
}

var messageCases = []messageCase{
	extraFile("jsonl loc", "u.jsonl", jsonRecord(`{"loc":`, `}`), "u.jsonl:1: "),
	extraFile("jsonl image", "u.jsonl", jsonRecord(`{"loc":"https://example.com/a","images":[{"loc":`, `}]}`), "u.jsonl:1: image "),
	extraFile("jsonl alternate href", "u.jsonl", jsonRecord(`{"loc":"https://example.com/a","alternates":[{"hreflang":"de","href":`, `}]}`), "u.jsonl:1: alternate "),
	extraFile("jsonl priority", "u.jsonl", jsonRecord(`{"loc":"https://example.com/a","priority":`, `}`), "u.jsonl:1: priority "),
	extraFile("jsonl changefreq", "u.jsonl", jsonRecord(`{"loc":"https://example.com/a","changefreq":`, `}`), "u.jsonl:1: changefreq "),
	extraFile("csv loc", "u.csv", csvRecord("loc", ""), "u.csv:2: "),
	extraFile("csv priority", "u.csv", csvRecord("loc,priority", "https://example.com/a,"), "u.csv:2: priority "),
	extraFile("csv changefreq", "u.csv", csvRecord("loc,changefreq", "https://example.com/a,"), "u.csv:2: changefreq "),
	extraFile("text", "u.txt", func(t *testing.T, v string) string { return strings.ReplaceAll(v, "\n", "\r") }, "u.txt:1: "),
	{name: "sitemap.yaml extra_urls_inline", setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "base_url: https://example.com/\nextra_urls_inline:\n  - "+strconv.Quote(v)+"\n")
		return []string{"--dry-run", "site"}, "sitemap.yaml:3: extra_urls_inline[0]: "
	}},
	{name: "sitemap.yaml changefreq", setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "base_url: https://example.com/\nchangefreq: "+strconv.Quote(v)+"\n")
		return []string{"--dry-run", "site"}, "sitemap.yaml:2: changefreq: changefreq "
	}},
	{name: "--transform priority", setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "")
		write(t, filepath.Join(dir, "answer.jsonl"), `{"loc":"https://example.com/","priority":`+jsonString(t, v)+"}\n")
		return []string{"--base-url", "https://example.com/", "--transform", "cat >/dev/null; cat answer.jsonl", "--dry-run", "site"}, ":1: priority "
	}},
	{name: "--transform changefreq", setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "")
		write(t, filepath.Join(dir, "answer.jsonl"), `{"loc":"https://example.com/","changefreq":`+jsonString(t, v)+"}\n")
		return []string{"--base-url", "https://example.com/", "--transform", "cat >/dev/null; cat answer.jsonl", "--dry-run", "site"}, ":1: changefreq "
	}},
	{name: "--transform duplicate URL", only: "1 MB", setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "")
		line := `{"loc":` + jsonString(t, "https://example.com/"+v) + "}\n"
		write(t, filepath.Join(dir, "answer.jsonl"), `{"loc":"https://example.com/"}`+"\n"+line+line)
		return []string{"--base-url", "https://example.com/", "--transform", "cat >/dev/null; cat answer.jsonl", "--dry-run", "site"}, ":3: warning: duplicate URL https://example.com/::error::PWNED"
	}},
	{name: "extra_urls text named by sitemap.yaml", named: true, setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "base_url: https://example.com/\nextra_urls: [.env]\n")
		write(t, filepath.Join(dir, ".env"), "API_TOKEN="+strings.ReplaceAll(v, "\n", "\r")+"\n")
		return []string{"--dry-run", "site"}, ".env:1: not an absolute http(s) URL"
	}},
	{name: "extra_urls jsonl named by sitemap.yaml", named: true, setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "base_url: https://example.com/\nextra_urls: [u.jsonl]\n")
		write(t, filepath.Join(dir, "u.jsonl"), `{"loc":"https://example.com/a","images":[{"loc":`+jsonString(t, v)+"}]}\n")
		return []string{"--dry-run", "site"}, "u.jsonl:1: an image's loc is not an absolute http(s) URL"
	}},
	{name: "extra_urls csv named by sitemap.yaml", named: true, setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "base_url: https://example.com/\nextra_urls: [u.csv]\n")
		write(t, filepath.Join(dir, "u.csv"), "loc,priority\nhttps://example.com/a,"+csvField(v)+"\n")
		return []string{"--dry-run", "site"}, "u.csv:2: priority is not a number"
	}},
	{name: "Astro server build route", setup: func(t *testing.T, dir, v string) ([]string, string) {
		src := dir // the project, where sitemapgen runs
		if err := os.CopyFS(src, os.DirFS(filepath.Join("testdata", "astro-server"))); err != nil {
			t.Fatal(err)
		}
		matches, err := filepath.Glob(filepath.Join(src, "dist", "server", "manifest_*.mjs"))
		if err != nil || len(matches) != 1 {
			t.Fatalf("the fixture's manifest: %v %v", matches, err)
		}
		data, err := os.ReadFile(matches[0])
		if err != nil {
			t.Fatal(err)
		}
		route := jsonString(t, "/account"+v)
		hostile := strings.Replace(string(data), `"route":"/account"`, `"route":`+route, 1)
		if hostile == string(data) {
			t.Fatal("the fixture's manifest has no route /account")
		}
		write(t, matches[0], hostile)
		if len(v) < 1000 {
			// A control character is percent-encoded in the route's
			// path, as in a file's name: the URL is listed.
			return []string{"--dry-run"}, ""
		}
		return []string{"--dry-run"}, "(its routes rendered on demand):1: "
	}},
	{name: "hugo.toml integer", only: "1 MB", setup: func(t *testing.T, dir, v string) ([]string, string) {
		write(t, filepath.Join(dir, "hugo.toml"), "baseURL = \"https://example.com/\"\npaginate = "+strings.Repeat("9", len(v))+"\n")
		write(t, filepath.Join(dir, "public", "index.html"), "<html><head><title>Home</title></head></html>")
		return []string{"--dry-run", "public"}, "hugo.toml:2: 999"
	}},
	{name: "netlify.toml status integer", only: "1 MB", setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "")
		write(t, filepath.Join(dir, "site", "netlify.toml"), "[[redirects]]\nfrom = \"/a\"\nto = \"/b\"\nstatus = "+strings.Repeat("9", len(v))+"\n")
		return []string{"--base-url", "https://example.com/", "--dry-run", "site"}, "netlify.toml:4: warning: 999"
	}},
	{name: "netlify.toml status string", setup: func(t *testing.T, dir, v string) ([]string, string) {
		messageSite(t, dir, "")
		write(t, filepath.Join(dir, "site", "netlify.toml"), "[[redirects]]\nfrom = \"/a\"\nto = \"/b\"\nstatus = "+jsonString(t, v)+"\n")
		return []string{"--base-url", "https://example.com/", "--dry-run", "site"}, "netlify.toml:1: warning: status "
	}},
}

// TestHostileMessages feeds each hostile value through each input and
// holds what sitemapgen prints to the rule of its messages: no raw
// control character (a line break only between messages), no line longer
// than maxMessageLine, no line a CI reads as a command of its own, and
// nothing of a file the repository's settings name.
func TestHostileMessages(t *testing.T) {
	for _, c := range messageCases {
		for vname, v := range hostileMessageValues {
			if c.only != "" && c.only != vname {
				continue
			}
			t.Run(c.name+"/"+vname, func(t *testing.T) {
				dir := t.TempDir()
				args, want := c.setup(t, dir, v)
				r := run(t, dir, []string{"HOME=" + t.TempDir()}, args...)
				out := r.stderr + r.stdout
				if want != "" && !strings.Contains(r.stderr, want) {
					t.Errorf("exit %d; no message with %q:\n%.2000s", r.code, want, r.stderr)
				}
				for i, line := range strings.Split(out, "\n") {
					if strings.ContainsFunc(line, func(r rune) bool { return unicode.IsControl(r) && r != '\t' }) || len(line) > maxMessageLine || strings.HasPrefix(line, "::") {
						t.Errorf("line %d, %d bytes: %.300q", i+1, len(line), line)
					}
				}
				if c.named && strings.Contains(out, "PWNED") {
					t.Errorf("a message quotes the file the settings name:\n%.2000s", r.stderr)
				}
			})
		}
	}
}
