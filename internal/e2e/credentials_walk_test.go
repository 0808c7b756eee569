package e2e

import (
	"context"
	"errors"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sitemapgen/sitemapgen/internal/generator/registry"
)

// walkToken is the secret TestCredentialsNeverShown gives as a URL's user
// information, and walkUser the user name beside it.
const (
	walkToken = "ghp_W4lkT0ken"
	walkUser  = "robot7"
)

// walkURLs are the URLs with user information each place is given: one
// that parses, one that does not (a port of letters), one with the
// token alone as the user name. Each ends in "/".
var walkURLs = []string{
	"https://" + walkUser + ":" + walkToken + "@example.org/",
	"https://" + walkUser + ":" + walkToken + "@example.org:99x/",
	"https://" + walkToken + "@example.org/",
}

// walkProject is a generator's project whose configuration gives the base
// URL u, its files and the folder its build writes (with a built page).
type walkProject func(u string) (files map[string]string, publish string)

// walkGenerators are the projects of each generator of the registry,
// with the base URL where its configuration gives one.
var walkGenerators = map[string]walkProject{
	"hugo": func(u string) (map[string]string, string) {
		return map[string]string{"hugo.toml": "baseURL = '" + u + "'\ntitle = 'x'\n", "content/a.md": "# a\n"}, "public"
	},
	"hexo": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"dependencies": {"hexo": "7.0.0"}}`, "_config.yml": "url: " + u + "\n"}, "public"
	},
	"jekyll": func(u string) (map[string]string, string) {
		return map[string]string{"_config.yml": "url: \"" + u + "\"\n"}, "_site"
	},
	"astro": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"dependencies": {"astro": "4.0.0"}}`, "astro.config.mjs": "export default { site: '" + u + "' }\n"}, "dist"
	},
	"eleventy": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"devDependencies": {"@11ty/eleventy": "2.0.0"}}`, ".eleventy.js": "module.exports = function () { return {} }\n", "_data/metadata.json": `{"url": "` + u + `"}`}, "_site"
	},
	"next": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"dependencies": {"next": "14.0.0"}}`, "next.config.js": "module.exports = { output: 'export' }\n", "next-sitemap.config.js": "module.exports = { siteUrl: '" + u + "', generateRobotsTxt: true, robotsTxtOptions: { policies: [{ userAgent: '*', allow: '/' }], additionalSitemaps: ['" + u + "extra.xml'] } }\n"}, "out"
	},
	"mkdocs": func(u string) (map[string]string, string) {
		return map[string]string{"mkdocs.yml": "site_name: x\nsite_url: \"" + u + "\"\n", "docs/index.md": "# x\n"}, "site"
	},
	"docusaurus": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"dependencies": {"@docusaurus/core": "3.0.0"}}`, "docusaurus.config.js": "module.exports = { url: '" + u + "', baseUrl: '/' }\n"}, "build"
	},
	"pelican": func(u string) (map[string]string, string) {
		return map[string]string{"pelicanconf.py": "SITEURL = '" + u + "'\n"}, "output"
	},
	"sphinx": func(u string) (map[string]string, string) {
		return map[string]string{"conf.py": "project = 'x'\nhtml_baseurl = '" + u + "'\n"}, "_build/html"
	},
	"gatsby": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"dependencies": {"gatsby": "5.0.0"}}`, "gatsby-config.js": "module.exports = { siteMetadata: { siteUrl: '" + u + "' } }\n"}, "public"
	},
	"vitepress": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"devDependencies": {"vitepress": "1.0.0"}}`, "docs/.vitepress/config.mts": "export default { sitemap: { hostname: '" + u + "' } }\n"}, "docs/.vitepress/dist"
	},
	"rspress": func(u string) (map[string]string, string) {
		return map[string]string{"rspress.config.ts": "export default defineConfig({ root: 'docs', siteOrigin: '" + u + "' })\n"}, "doc_build"
	},
	"vuepress": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"devDependencies": {"vuepress": "2.0.0-rc.30"}}`,
			"docs/.vuepress/config.ts": "export default defineUserConfig({ theme: defaultTheme({ hostname: '" + u + "' }) })\n"}, "docs/.vuepress/dist"
	},
	"nuxt": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"dependencies": {"nuxt": "3.0.0"}}`, "nuxt.config.ts": "export default defineNuxtConfig({ site: { url: '" + u + "' } })\n"}, ".output/public"
	},
	"sveltekit": func(u string) (map[string]string, string) {
		return map[string]string{"package.json": `{"devDependencies": {"@sveltejs/kit": "2.0.0", "@sveltejs/adapter-static": "3.0.0"}}`,
			"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter(), prerender: { origin: '" + u + "' } } }\n"}, "build"
	},
	"zola": func(u string) (map[string]string, string) {
		return map[string]string{"config.toml": "base_url = \"" + u + "\"\n"}, "public"
	},
}

// walkPlace is one place a URL enters: the files and the environment it
// sets up for the URL u, and the commands to run there. A command's
// arguments may name the site folder as SITE.
type walkPlace struct {
	name     string
	files    func(u string) map[string]string
	env      func(u string) []string
	commands [][]string
}

// projectCommands are the commands that read a project's configuration,
// its platform's variables and sitemap.yaml: every command that builds,
// watch, init, and validate and diff, which look for the folder's record.
var projectCommands = [][]string{{"build"}, {"build", "--dry-run"}, {"audit"}, {"watch"}, {"init"}, {"validate", "SITE"}, {"diff", "SITE", "SITE"}}

// siteCommands are the commands that read a built site: every command
// that builds (with no base URL given, which a build looks for in the
// site), watch, init, validate --site and diff.
var siteCommands = [][]string{{"build", "SITE"}, {"build", "--dry-run", "SITE"}, {"audit", "SITE"}, {"watch", "SITE"}, {"init"},
	{"build", "--base-url", "https://example.com/", "SITE"}, {"audit", "--base-url", "https://example.com/", "SITE"},
	{"validate", "SITE"}, {"validate", "--site", "SITE", "SITE/sitemap.xml"}, {"diff", "SITE", "SITE"}, {"diff", "--markdown", "SITE", "SITE"}}

// TestCredentialsNeverShown walks every command with a URL that carries
// a token as its user information, in each place a URL enters: the
// flags, the environment, the platforms' variables, sitemap.yaml, files
// of extra URLs, each generator's configuration, the replaced plugins'
// options, package.json's homepage, the built site's files (its pages,
// robots.txt, sitemap, feed and CNAME), the sets diff compares, diff
// --comment's GITHUB_API_URL, and submit's changes file. It fails when
// the token, or the user name beside it, is in any output or in any file
// a run writes (issue 99: the generators' notes, init's sitemap.yaml and
// robots.txt, submit, validate's and diff's messages and diff's reports
// printed or wrote it).
func TestCredentialsNeverShown(t *testing.T) {
	// closed is a loopback address where nothing listens.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	var places []walkPlace
	for _, g := range registry.Generators {
		name := g.Info().Name
		project, ok := walkGenerators[name]
		if !ok {
			t.Errorf("no project of %s in walkGenerators: write one whose configuration gives the base URL", name)
			continue
		}
		places = append(places, walkPlace{name: name + "'s configuration", commands: projectCommands, files: func(u string) map[string]string {
			files, publish := project(u)
			files[publish+"/index.html"] = "<title>home</title>"
			files[".walk-site"] = publish
			return files
		}})
	}
	plain := func(string) map[string]string { return map[string]string{".walk-site": "site"} }
	hugo := func(string) map[string]string {
		return map[string]string{"hugo.toml": "title = 'x'\n", "content/a.md": "# a\n", ".walk-site": "public"}
	}
	yaml := func(body func(u string) string) func(string) map[string]string {
		return func(u string) map[string]string {
			return map[string]string{"sitemap.yaml": "root: site\n" + body(u), ".walk-site": "site"}
		}
	}
	site := func(body func(u string) map[string]string) func(string) map[string]string {
		return func(u string) map[string]string {
			files := map[string]string{".walk-site": "site"}
			for name, text := range body(u) {
				files["site/"+name] = text
			}
			return files
		}
	}
	flag := func(args ...string) [][]string { return [][]string{args} }
	changes := func(body func(u string) string) func(string) map[string]string {
		return func(u string) map[string]string {
			return map[string]string{"changes.txt": body(u), ".walk-site": "site"}
		}
	}
	submit := []string{"submit", "--dry-run", "--changes", "changes.txt"}
	added := changes(func(string) string { return "+ https://example.com/a\n" })
	places = append(places,
		walkPlace{name: "package.json's homepage", commands: projectCommands, files: func(u string) map[string]string {
			return map[string]string{"package.json": `{"homepage": "` + u + `", "dependencies": {"astro": "4.0.0"}}`, "astro.config.mjs": "export default {}\n", "dist/index.html": "<title>home</title>", ".walk-site": "dist"}
		}},
		walkPlace{name: "mkdocs.yml's !ENV", commands: projectCommands, env: func(u string) []string { return []string{"WALK_URL=" + u} },
			files: func(string) map[string]string {
				return map[string]string{"mkdocs.yml": "site_name: x\nsite_url: !ENV WALK_URL\n", "docs/index.md": "# x\n", ".walk-site": "site"}
			}},
		walkPlace{name: "HUGO_BASEURL", commands: projectCommands, files: hugo, env: func(u string) []string { return []string{"HUGO_BASEURL=" + u} }},
		walkPlace{name: "netlify.toml's build environment", commands: projectCommands, env: func(string) []string { return []string{"NETLIFY=true", "CONTEXT=production"} },
			files: func(u string) map[string]string {
				files := hugo(u)
				files["netlify.toml"] = "[build]\npublish = \"public\"\n[build.environment]\nHUGO_BASEURL = \"" + u + "\"\n"
				return files
			}},
		walkPlace{name: "SITEMAP_BASE_URL", files: plain, commands: [][]string{{"build", "SITE"}, {"audit", "SITE"}, {"watch", "SITE"}, {"init"}}, env: func(u string) []string { return []string{"SITEMAP_BASE_URL=" + u} }},
		walkPlace{name: "Netlify's URL", files: plain, commands: [][]string{{"build", "SITE"}, {"audit", "SITE"}, {"watch", "SITE"}, {"init"}},
			env: func(u string) []string {
				return []string{"NETLIFY=true", "CONTEXT=production", "URL=" + strings.TrimSuffix(u, "/")}
			}},
		walkPlace{name: "Netlify's preview URLs", files: func(u string) map[string]string {
			return map[string]string{"sitemap.yaml": "root: site\npreviews: own-url\n", ".walk-site": "site"}
		}, commands: [][]string{{"build"}, {"audit"}, {"init"}},
			env: func(u string) []string {
				return []string{"NETLIFY=true", "CONTEXT=deploy-preview", "URL=https://example.com", "DEPLOY_PRIME_URL=" + u, "DEPLOY_URL=" + u}
			}},
		walkPlace{name: "Vercel's production URL", files: plain, commands: [][]string{{"build", "SITE"}, {"audit", "SITE"}, {"init"}},
			env: func(u string) []string {
				return []string{"VERCEL=1", "VERCEL_ENV=production", "VERCEL_PROJECT_PRODUCTION_URL=" + strings.TrimSuffix(strings.TrimPrefix(u, "https://"), "/")}
			}},
		walkPlace{name: "Vercel's preview URLs", files: func(u string) map[string]string {
			return map[string]string{"sitemap.yaml": "root: site\npreviews: own-url\n", ".walk-site": "site"}
		}, commands: [][]string{{"build"}, {"audit"}, {"init"}},
			env: func(u string) []string {
				host := strings.TrimSuffix(strings.TrimPrefix(u, "https://"), "/")
				return []string{"VERCEL=1", "VERCEL_ENV=preview", "VERCEL_PROJECT_PRODUCTION_URL=example.com", "VERCEL_URL=" + host, "VERCEL_BRANCH_URL=" + host}
			}},
		walkPlace{name: "Cloudflare Pages' URL", files: plain, commands: [][]string{{"build", "SITE"}, {"audit", "SITE"}, {"init"}},
			env: func(u string) []string { return []string{"CF_PAGES=1", "CF_PAGES_BRANCH=main", "CF_PAGES_URL=" + u} }},
		walkPlace{name: "sitemap.yaml's base_url", files: yaml(func(u string) string { return "base_url: \"" + u + "\"\n" }), commands: projectCommands},
		walkPlace{name: "sitemap.yaml's xsl", files: yaml(func(u string) string { return "base_url: https://example.com/\nxsl: \"" + u + "s.xsl\"\n" }), commands: projectCommands},
		walkPlace{name: "sitemap.yaml's sitemaps_url", files: yaml(func(u string) string { return "base_url: https://example.com/\nsitemaps_url: \"" + u + "maps/\"\n" }), commands: projectCommands},
		walkPlace{name: "sitemap.yaml's index.extra", files: yaml(func(u string) string {
			return "base_url: https://example.com/\nindex:\n  extra: [\"" + u + "x.xml\"]\n"
		}), commands: projectCommands},
		walkPlace{name: "sitemap.yaml's extra_urls_inline", files: yaml(func(u string) string { return "base_url: https://example.com/\nextra_urls_inline: [\"" + u + "a\"]\n" }), commands: projectCommands},
		walkPlace{name: "sitemap.yaml's hreflang.hosts", files: yaml(func(u string) string { return "base_url: https://example.com/\nhreflang:\n  hosts: [\"" + u + "\"]\n" }), commands: projectCommands},
		walkPlace{name: "sitemap.yaml's images.hosts", files: yaml(func(u string) string { return "base_url: https://example.com/\nimages:\n  hosts: [\"" + u + "\"]\n" }), commands: projectCommands},
		walkPlace{name: "sitemap.yaml's videos.hosts", files: yaml(func(u string) string { return "base_url: https://example.com/\nvideos:\n  hosts: [\"" + u + "\"]\n" }), commands: projectCommands},
		walkPlace{name: "sitemap.yaml's extra_urls", files: func(u string) map[string]string {
			return map[string]string{"sitemap.yaml": "root: site\nbase_url: https://example.com/\nextra_urls: [extra.txt]\n", "extra.txt": u + "a\n", ".walk-site": "site"}
		}, commands: projectCommands},
		walkPlace{name: "--extra-urls", files: func(u string) map[string]string {
			return map[string]string{"extra.txt": u + "a\n", ".walk-site": "site"}
		},
			commands: [][]string{{"build", "--base-url", "https://example.com/", "--extra-urls", "extra.txt", "SITE"}, {"build", "--dry-run", "--base-url", "https://example.com/", "--extra-urls", "extra.txt", "SITE"}}},
		walkPlace{name: "a command's extra URLs", files: func(u string) map[string]string {
			return map[string]string{"extra.txt": u + "a\n", ".walk-site": "site"}
		},
			commands: [][]string{{"build", "--base-url", "https://example.com/", "--extra-urls-command", "cat extra.txt", "SITE"}}},
		walkPlace{name: "a transform's records", files: func(u string) map[string]string {
			return map[string]string{"records.json": `{"loc": "` + u + `a"}` + "\n", ".walk-site": "site"}
		}, commands: [][]string{{"build", "--base-url", "https://example.com/", "--transform", "cat; cat records.json", "SITE"}}},
		walkPlace{name: "the built site's pages", commands: siteCommands, files: site(func(u string) map[string]string {
			return map[string]string{"index.html": `<html><head><title>home</title><link rel="canonical" href="` + u + `"><meta property="og:url" content="` + u + `">` +
				`<link rel="alternate" hreflang="de" href="` + u + `de/"></head><body><a href="` + u + `a.html">a</a><img src="` + u + `i.png"></body></html>`,
				"a.html": `<html><head><meta http-equiv="refresh" content="0; url=` + u + `b"><link rel="canonical" href="` + u + `c"></head></html>`}
		})},
		walkPlace{name: "the built site's robots.txt", commands: siteCommands, files: site(func(u string) map[string]string {
			return map[string]string{"robots.txt": "User-agent: *\nAllow: /\nSitemap: " + u + "sitemap.xml\n"}
		})},
		walkPlace{name: "the built site's sitemap", commands: siteCommands, files: site(func(u string) map[string]string {
			return map[string]string{"sitemap.xml": `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>` + u + `</loc></url><url><loc>` + u + `a</loc></url></urlset>` + "\n"}
		})},
		walkPlace{name: "the built site's feed", commands: siteCommands, files: site(func(u string) map[string]string {
			return map[string]string{"rss.xml": `<?xml version="1.0"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><link>` + u + `</link><atom:link rel="self" href="` + u + `rss.xml"/><item><link>` + u + `</link></item></channel></rss>`}
		})},
		walkPlace{name: "a sitemap diff compares", commands: [][]string{{"diff", "old", "SITE"}, {"diff", "--markdown", "old", "SITE"}, {"diff", "--json", "old", "SITE"}, {"diff", "--markdown", "SITE", "old"}},
			files: site(func(u string) map[string]string {
				set := func(locs ...string) string {
					s := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`
					for _, l := range locs {
						s += "<url><loc>" + l + "</loc></url>"
					}
					return s + "</urlset>\n"
				}
				return map[string]string{"sitemap.xml": set(u, u+"a"), "../old/sitemap.xml": set("https://example.com/", "https://example.com/b")}
			})},
		walkPlace{name: "diff --comment's GITHUB_API_URL", commands: [][]string{{"diff", "--comment", "SITE", "SITE"}},
			files: func(string) map[string]string {
				return map[string]string{"event.json": `{"pull_request": {"number": 7}}`, ".walk-site": "site"}
			},
			env: func(u string) []string {
				// An address where nothing answers: the client's error
				// quotes the request's URL.
				return []string{"GITHUB_ACTIONS=true", "GITHUB_REPOSITORY=o/r", "GITHUB_EVENT_PATH=event.json", "GITHUB_TOKEN=t0",
					"GITHUB_API_URL=" + strings.Replace(u, "example.org", closed, 1)}
			}},
		walkPlace{name: "the built site's CNAME", commands: siteCommands, files: site(func(u string) map[string]string {
			return map[string]string{"CNAME": strings.TrimSuffix(strings.TrimPrefix(u, "https://"), "/") + "\n"}
		})},
		walkPlace{name: "@netlify/plugin-sitemap's baseUrl", commands: projectCommands, files: func(u string) map[string]string {
			files := hugo(u)
			files["netlify.toml"] = "[build]\npublish = \"public\"\n[[plugins]]\npackage = \"@netlify/plugin-sitemap\"\n[plugins.inputs]\nbaseUrl = \"" + u + "\"\n"
			return files
		}},
		walkPlace{name: "static-sitemap-cli's --base", commands: projectCommands, files: func(u string) map[string]string {
			return map[string]string{"package.json": `{"dependencies": {"astro": "4.0.0", "static-sitemap-cli": "2.0.0"}, "scripts": {"postbuild": "sscli --base ` + u + ` --root dist"}}`,
				"astro.config.mjs": "export default {}\n", ".walk-site": "dist"}
		}},
		walkPlace{name: "--base-url", files: plain, commands: [][]string{{"build", "--base-url", "URL", "SITE"}, {"audit", "--base-url", "URL", "SITE"}, {"watch", "--base-url", "URL", "SITE"},
			{"validate", "--base-url", "URL", "SITE"}, {"diff", "--base-url", "URL", "SITE", "SITE"}}},
		walkPlace{name: "--xsl", files: plain, commands: flag("build", "--base-url", "https://example.com/", "--xsl", "URLs.xsl", "SITE")},
		walkPlace{name: "--sitemaps-url", files: plain, commands: [][]string{{"build", "--base-url", "https://example.com/", "--sitemaps-url", "URLmaps/", "SITE"}, {"validate", "--sitemaps-url", "URL", "SITE"}}},
		walkPlace{name: "submit's --base-url", files: added, commands: flag(append(submit, "--base-url", "URL")...)},
		walkPlace{name: "submit's SITEMAP_BASE_URL", files: added, commands: flag(submit...), env: func(u string) []string { return []string{"SITEMAP_BASE_URL=" + u} }},
		walkPlace{name: "submit's --endpoint", files: added, commands: flag(append(submit, "--endpoint", "URLindexnow")...)},
		walkPlace{name: "submit's INDEXNOW_ENDPOINT", files: added, commands: flag(submit...), env: func(u string) []string { return []string{"INDEXNOW_ENDPOINT=" + u + "indexnow"} }},
		walkPlace{name: "submit's --key-location", files: added, commands: flag(append(submit, "--key-location", "URLk.txt")...)},
		walkPlace{name: "the changes file's base URL", files: changes(func(u string) string { return "# base_url: " + u + "\n+ https://example.com/a\n" }), commands: flag(submit...)},
		walkPlace{name: "the changes file's URLs", files: changes(func(u string) string { return "+ " + u + "a\n" }), commands: flag(append(submit, "--base-url", "https://example.com/")...)},
	)
	for _, p := range places {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			for _, u := range walkURLs {
				for _, command := range p.commands {
					walkOnce(t, p, u, command)
				}
			}
		})
	}
}

// walkOnce runs command in a new folder set up as p says for the URL u,
// and fails t when the token or the user name is in its output, or in a
// file it wrote or changed (a cache in its HOME too).
func walkOnce(t *testing.T, p walkPlace, u string, command []string) {
	t.Helper()
	work, home := t.TempDir(), t.TempDir()
	files := map[string]string{}
	if p.files != nil {
		files = p.files(u)
	}
	site := files[".walk-site"]
	delete(files, ".walk-site")
	for name, body := range files {
		write(t, filepath.Join(work, name), body)
	}
	_, hasIndex := files[site+"/index.html"]
	if site != "" && !hasIndex {
		write(t, filepath.Join(work, site, "index.html"), "<title>home</title>")
	}
	_, hasSitemap := files[site+"/sitemap.xml"]
	if site != "" && !hasSitemap && (command[0] == "validate" || command[0] == "diff") {
		// A set to read. A build does not have it: a generator's sitemap
		// would give it a base URL, and it would say less of the one
		// refused.
		write(t, filepath.Join(work, site, "sitemap.xml"), `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>`+"\n")
	}
	args := make([]string, len(command))
	for i, a := range command {
		a = strings.ReplaceAll(a, "SITE", site)
		args[i] = strings.Replace(a, "URL", u, 1)
	}
	before := secretFiles(t, work, home)
	env := []string{"HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "INDEXNOW_KEY="}
	if p.env != nil {
		env = append(env, p.env(u)...)
	}
	// watch keeps running once it has built: it is stopped once it says
	// it watches (or after a few seconds), and what it printed until then
	// is looked at.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := commandContext(ctx, work, args...)
	cmd.Env = append(cmd.Env, env...)
	out := &untilWatching{stop: cancel}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		if _, exited := errors.AsType[*exec.ExitError](err); !exited {
			t.Fatalf("%s: %v", strings.Join(args, " "), err)
		}
	}
	what := "sitemapgen " + strings.Join(args, " ")
	if p.env != nil {
		what = strings.Join(p.env(u), " ") + " " + what
	}
	if strings.Contains(out.String(), walkToken) || strings.Contains(out.String(), walkUser) {
		t.Errorf("%s prints the URL's user information:\n%s", what, out.String())
	}
	for path := range secretFiles(t, work, home) {
		if !before[path] {
			t.Errorf("%s writes the URL's user information into %s", what, path)
		}
	}
}

// untilWatching is the output of a run, which it stops once watch says
// it is watching.
type untilWatching struct {
	mu   sync.Mutex
	b    strings.Builder
	stop func()
}

func (w *untilWatching) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b.Write(p)
	if strings.Contains(w.b.String(), "for changes (Ctrl-C to stop)") {
		w.stop()
	}
	return len(p), nil
}

func (w *untilWatching) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// secretFiles returns the files under the folders dirs that hold the
// token or the user name.
func secretFiles(t *testing.T, dirs ...string) map[string]bool {
	t.Helper()
	found := map[string]bool{}
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if s := string(data); strings.Contains(s, walkToken) || strings.Contains(s, walkUser) {
				found[path] = true
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return found
}
