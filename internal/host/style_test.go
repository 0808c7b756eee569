package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sitemapgen/sitemapgen/internal/limits"
)

func TestStyleOf(t *testing.T) {
	for _, tc := range []struct {
		name, platform, file, content string
		want                          Style // Platform, From and Publish checked apart
		from, publish                 string
		warn                          string
	}{
		{name: "netlify without a file", platform: Netlify, want: Style{CleanURLs: true, FolderSlash: true}, from: "Netlify's rules"},
		{
			name: "netlify pretty_urls off", platform: Netlify, file: "netlify.toml",
			content: "[build]\n  publish = \"public\"\n  command = \"hugo\"\n\n[build.processing.html]\n  pretty_urls = false\n",
			want:    Style{CleanURLs: false, FolderSlash: true, PublishKey: "[build] publish", PublishLine: 2}, from: "netlify.toml:6", publish: "public",
		},
		{
			name: "netlify base folder", platform: Netlify, file: "netlify.toml",
			content: "[build]\n  base = \"docs\"\n  publish = \"build/html\"\n",
			want:    Style{CleanURLs: true, FolderSlash: true, PublishKey: "[build] publish", PublishLine: 3}, from: "Netlify's rules", publish: "docs/build/html",
		},
		{
			name: "netlify pretty_urls on", platform: Netlify, file: "netlify.toml",
			content: "[build.processing]\n[build.processing.html]\npretty_urls = true\n",
			want:    Style{CleanURLs: true, FolderSlash: true}, from: "netlify.toml:3",
		},
		{
			name: "netlify.toml that does not parse", platform: Netlify, file: "netlify.toml",
			content: "[build\npublish = 1\n",
			want:    Style{CleanURLs: true, FolderSlash: true}, from: "Netlify's rules", warn: "netlify.toml:2: ",
		},
		{name: "vercel without a file", platform: Vercel, want: Style{EitherSlash: true, FolderSlash: true}, from: "Vercel's rules"},
		{
			name: "vercel cleanUrls", platform: Vercel, file: "vercel.json",
			content: "{\n  \"outputDirectory\": \"dist\",\n  \"cleanUrls\": true\n}\n",
			want:    Style{CleanURLs: true, EitherSlash: true, FolderSlash: true, PublishKey: "outputDirectory", PublishLine: 2}, from: "vercel.json:3", publish: "dist",
		},
		{
			name: "vercel cleanUrls and trailingSlash", platform: Vercel, file: "vercel.json",
			content: "{\"cleanUrls\": true,\n \"trailingSlash\": true}",
			want:    Style{CleanURLs: true, FolderSlash: true, CleanSlash: true}, from: "vercel.json:2",
		},
		{
			name: "vercel trailingSlash false", platform: Vercel, file: "vercel.json",
			content: "{\"trailingSlash\": false}",
			want:    Style{FolderSlash: false}, from: "vercel.json:1",
		},
		{
			name: "vercel.json that does not parse", platform: Vercel, file: "vercel.json",
			content: "{\n\"cleanUrls\": tru\n}",
			want:    Style{EitherSlash: true, FolderSlash: true}, from: "Vercel's rules", warn: "vercel.json:2",
		},
		{name: "cloudflare pages", platform: CloudflarePages, want: Style{CleanURLs: true, FolderSlash: true}, from: "Cloudflare Pages's rules"},
		{name: "github pages", platform: GitHubPages, want: Style{FolderSlash: true}, from: "GitHub Pages's rules"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			os.Mkdir(filepath.Join(dir, "docs"), 0o755)
			if tc.file != "" {
				os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.content), 0o644)
			}
			got, warnings, err := StyleOf(tc.platform, limits.Default, dir)
			if err != nil {
				t.Fatal(err)
			}
			if got.Platform != tc.platform {
				t.Errorf("Platform %q", got.Platform)
			}
			wantFrom := tc.from
			if strings.Contains(wantFrom, ":") {
				wantFrom = filepath.Join(dir, wantFrom)
			}
			if got.From != wantFrom {
				t.Errorf("From %q, want %q", got.From, wantFrom)
			}
			wantPublish := ""
			if tc.publish != "" {
				wantPublish = filepath.Join(dir, tc.publish)
			}
			if got.Publish != wantPublish {
				t.Errorf("Publish %q, want %q", got.Publish, wantPublish)
			}
			got.Platform, got.From, got.Publish, got.PublishFrom = "", "", "", ""
			if got != tc.want {
				t.Errorf("style %+v, want %+v", got, tc.want)
			}
			switch {
			case tc.warn == "" && len(warnings) > 0:
				t.Errorf("warnings %v", warnings)
			case tc.warn != "" && (len(warnings) != 1 || !strings.Contains(warnings[0].Error(), filepath.Join(dir, tc.warn))):
				t.Errorf("warnings %v, want one with %q", warnings, tc.warn)
			}
		})
	}
	if _, _, err := StyleOf("Heroku", limits.Default); err == nil {
		t.Error("an unknown platform: no error")
	}
}

func TestStyleAnswer(t *testing.T) {
	netlify := Style{Platform: Netlify, CleanURLs: true, FolderSlash: true}
	netlifyPlain := Style{Platform: Netlify, FolderSlash: true}
	cloudflare := Style{Platform: CloudflarePages, CleanURLs: true, FolderSlash: true}
	github := Style{Platform: GitHubPages, FolderSlash: true}
	vercel := Style{Platform: Vercel, FolderSlash: true, EitherSlash: true}
	vercelClean := Style{Platform: Vercel, CleanURLs: true, FolderSlash: true, EitherSlash: true}
	vercelSlash := Style{Platform: Vercel, CleanURLs: true, FolderSlash: true, CleanSlash: true}
	vercelNoSlash := Style{Platform: Vercel, CleanURLs: true, FolderSlash: false}
	for _, tc := range []struct {
		s         Style
		rel, path string
		status    int
		to        string
	}{
		{netlify, "index.html", "", 200, ""},
		{netlify, "docs/index.html", "docs/", 200, ""},
		{netlify, "docs/index.html", "docs", 301, "docs/"},
		{netlify, "docs/index.html", "docs/index.html", 301, "docs/"},
		{netlify, "about.html", "about", 200, ""},
		{netlify, "about.html", "about.html", 301, "about"},
		{netlify, "about.html", "about/", 301, "about"},
		{netlifyPlain, "about.html", "about.html", 200, ""},
		{netlifyPlain, "docs/index.html", "docs/index.html", 200, ""},
		{netlify, "feed.xml", "feed.xml", 200, ""},
		{netlify, "old.html", "elsewhere/", 200, ""}, // a canonical elsewhere: not judged
		{cloudflare, "about.html", "about.html", 308, "about"},
		{cloudflare, "about.html", "about/", 308, "about"},
		{cloudflare, "docs/index.html", "docs", 308, "docs/"},
		{cloudflare, "docs/index.htm", "docs/index.htm", 308, "docs/"},
		{github, "docs/index.html", "docs", 301, "docs/"},
		{github, "about.html", "about", 200, ""},
		{github, "about.html", "about.html", 200, ""},
		{github, "about.html", "about/", 404, ""},
		{vercel, "docs/index.html", "docs", 200, ""},
		{vercel, "docs/index.html", "docs/", 200, ""},
		{vercel, "about.html", "about", 404, ""},
		{vercel, "about.html", "about.html", 200, ""},
		{vercelClean, "about.html", "about.html", 308, "about"},
		{vercelClean, "about.html", "about/", 200, ""},
		{vercelSlash, "about.html", "about", 308, "about/"},
		{vercelSlash, "about.html", "about/", 200, ""},
		{vercelSlash, "about.html", "about.html", 308, "about/"},
		{vercelNoSlash, "docs/index.html", "docs/", 308, "docs"},
		{vercelNoSlash, "docs/index.html", "docs", 200, ""},
		{vercelNoSlash, "docs/index.html", "docs/index.html", 308, "docs"},
		{vercelNoSlash, "index.html", "", 200, ""},
		{vercelNoSlash, "about.html", "about/", 308, "about"},
	} {
		status, to := tc.s.Answer(tc.rel, tc.path)
		if status != tc.status || to != tc.to {
			t.Errorf("%s %+v: %s at %q: %d %q, want %d %q", tc.s.Platform, tc.s, tc.rel, tc.path, status, to, tc.status, tc.to)
		}
	}
}

// TestStyleOfBounded: netlify.toml and vercel.json are read inside their
// folder within limits.settings_bytes: a larger one is a warning and its
// settings are not used; a link out of the folder is not followed, and
// the error names it.
func TestStyleOfBounded(t *testing.T) {
	for _, tc := range []struct{ platform, file string }{{Netlify, "netlify.toml"}, {Vercel, "vercel.json"}} {
		dir := t.TempDir()
		big := "[build]\n  publish = \"public\"\n" + strings.Repeat("#\n", 100)
		if tc.file == "vercel.json" {
			big = `{"outputDirectory": "public"` + strings.Repeat(" ", 200) + "}"
		}
		if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(big), 0o644); err != nil {
			t.Fatal(err)
		}
		s, warnings, err := StyleOf(tc.platform, limits.Limits{SettingsBytes: 64}, dir)
		if err != nil || len(warnings) != 1 || !strings.Contains(warnings[0].Error(), tc.file+": larger than 64 bytes (limits.settings_bytes); its settings are not used") || s.Publish != "" {
			t.Errorf("%s larger than its bound: %+v, %v, %v", tc.file, s, warnings, err)
		}
		outside := filepath.Join(t.TempDir(), tc.file)
		if err := os.WriteFile(outside, []byte(big), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(filepath.Join(dir, tc.file))
		if err := os.Symlink(outside, filepath.Join(dir, tc.file)); err != nil {
			t.Fatal(err)
		}
		s, warnings, err = StyleOf(tc.platform, limits.Limits{}, dir)
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, tc.file)+": a symbolic link out of its folder") || s.Publish != "" {
			t.Errorf("%s linked out: %+v, %v, %v", tc.file, s, warnings, err)
		}
	}
}
