package host

import (
	"net/url"
	"strings"
)

// The platforms whose build environments and files this package knows.
const (
	Netlify         = "Netlify"
	Vercel          = "Vercel"
	CloudflarePages = "Cloudflare Pages"
	GitHubPages     = "GitHub Pages"
)

// Deploy is what a hosting platform's build environment says about the
// deploy being built.
type Deploy struct {
	// Platform is one of Netlify, Vercel, CloudflarePages, GitHubPages.
	Platform string
	// Context is the platform's name for the kind of deploy: Netlify's
	// CONTEXT (production, deploy-preview, branch-deploy, dev), Vercel's
	// VERCEL_ENV (production, preview, development), the branch on
	// Cloudflare Pages, "actions" on GitHub.
	Context string
	// Branch is the branch being built, where the environment names it
	// apart from Context (Netlify's BRANCH); "" elsewhere.
	Branch string
	// Preview is true for a deploy that is not the production site, when
	// the environment says so (Netlify, Vercel). Cloudflare Pages does not
	// tell a preview from production.
	Preview bool
	// ProductionURL is the production site's URL, and ProductionFrom the
	// variable it came from; "" when the environment does not give it.
	ProductionURL, ProductionFrom string
	// OwnURL is the URL this deploy is served at (a preview's own), and
	// OwnFrom its variable.
	OwnURL, OwnFrom string
	// OtherOwnURL is, when the environment gives a deploy two URLs of its
	// own (Vercel: the branch's, VERCEL_BRANCH_URL, which OwnURL is, and
	// the deploy's, VERCEL_URL), the other one, and OtherOwnFrom its
	// variable; "" when it gives one, or the two are the same. The base
	// URL takes the one the built pages name (project).
	OtherOwnURL, OtherOwnFrom string
	// Weak is true when ProductionURL is a guess from the platform's
	// naming rules (Cloudflare Pages' pages.dev name, GitHub Pages'
	// github.io address), which a custom domain overrides: it ranks below
	// the generator's configuration.
	Weak bool
	// CacheDir is the folder the platform keeps from one build to the
	// next (Netlify's /opt/build/cache, as Hugo's cacheDir takes it); ""
	// when it keeps none that a program may write to.
	CacheDir string
	// PlatformDomain is the platform's own domain ("vercel.app") when
	// ProductionURL is an address under it, which Vercel gives only when
	// the project lists no custom domain: a custom domain the generator's
	// configuration names outranks it (the site is served there through
	// a domain the platform does not list, or is about to be). "" else.
	PlatformDomain string
}

// NetlifyCacheDir is the folder Netlify's builds keep from one to the
// next.
const NetlifyCacheDir = "/opt/build/cache"

// FromEnv reads the build environment of Netlify, Vercel, Cloudflare Pages
// or GitHub Actions through getenv; ok is false outside them.
//
// The variables, as each platform documents them:
//   - Netlify: NETLIFY=true; URL, the site's main address (its custom
//     domain when it has one); DEPLOY_PRIME_URL, the deploy's own
//     (deploy-preview-42--site.netlify.app, branch--site.netlify.app);
//     CONTEXT; BRANCH.
//   - Vercel: VERCEL=1; VERCEL_ENV; VERCEL_PROJECT_PRODUCTION_URL, the
//     production domain without a scheme, set in every environment: the
//     shortest custom domain of the project, else its *.vercel.app one;
//     VERCEL_BRANCH_URL and VERCEL_URL, the deploy's own.
//   - Cloudflare Pages: CF_PAGES=1; CF_PAGES_URL, this deployment's own
//     (https://<hash>.<project>.pages.dev); CF_PAGES_BRANCH. The
//     production address is taken as https://<project>.pages.dev, weakly.
//   - GitHub Actions: GITHUB_ACTIONS=true, GITHUB_REPOSITORY=owner/repo:
//     the GitHub Pages address https://owner.github.io/repo/ (or
//     https://owner.github.io/ for the repository owner.github.io),
//     weakly, and only on github.com.
func FromEnv(getenv func(string) string) (Deploy, bool) {
	switch {
	case getenv("NETLIFY") == "true" || getenv("CONTEXT") != "" && getenv("DEPLOY_PRIME_URL") != "":
		d := Deploy{Platform: Netlify, Context: getenv("CONTEXT"), Branch: getenv("BRANCH"), CacheDir: NetlifyCacheDir}
		d.Preview = d.Context == "deploy-preview" || d.Context == "branch-deploy"
		d.ProductionURL, d.ProductionFrom = siteURL(getenv("URL")), "URL"
		d.OwnURL, d.OwnFrom = siteURL(getenv("DEPLOY_PRIME_URL")), "DEPLOY_PRIME_URL"
		return d.clean(), true
	case getenv("VERCEL") == "1" || getenv("VERCEL_ENV") != "":
		d := Deploy{Platform: Vercel, Context: getenv("VERCEL_ENV")}
		d.Preview = d.Context == "preview" || d.Context == "development"
		d.ProductionURL, d.ProductionFrom = siteURL(getenv("VERCEL_PROJECT_PRODUCTION_URL")), "VERCEL_PROJECT_PRODUCTION_URL"
		if UnderDomain(d.ProductionURL, "vercel.app") {
			d.PlatformDomain = "vercel.app"
		}
		d.OwnURL, d.OwnFrom = siteURL(getenv("VERCEL_BRANCH_URL")), "VERCEL_BRANCH_URL"
		if u := siteURL(getenv("VERCEL_URL")); d.OwnURL == "" {
			d.OwnURL, d.OwnFrom = u, "VERCEL_URL"
		} else if u != "" && u != d.OwnURL {
			d.OtherOwnURL, d.OtherOwnFrom = u, "VERCEL_URL"
		}
		return d.clean(), true
	case getenv("CF_PAGES") == "1" || getenv("CF_PAGES_URL") != "":
		d := Deploy{Platform: CloudflarePages, Context: getenv("CF_PAGES_BRANCH"), Weak: true}
		d.OwnURL, d.OwnFrom = siteURL(getenv("CF_PAGES_URL")), "CF_PAGES_URL"
		if u, err := url.Parse(d.OwnURL); err == nil && d.OwnURL != "" {
			// <hash>.<project>.pages.dev, or <branch>.<project>.pages.dev
			labels := strings.Split(u.Hostname(), ".")
			if n := len(labels); n >= 4 && labels[n-2] == "pages" && labels[n-1] == "dev" {
				d.ProductionURL, d.ProductionFrom = "https://"+strings.Join(labels[n-3:], ".")+"/", "CF_PAGES_URL"
			}
		}
		return d.clean(), true
	case getenv("GITHUB_ACTIONS") == "true" && getenv("GITHUB_REPOSITORY") != "":
		d := Deploy{Platform: GitHubPages, Context: "actions", Weak: true}
		server := getenv("GITHUB_SERVER_URL")
		owner, repo, ok := strings.Cut(getenv("GITHUB_REPOSITORY"), "/")
		if ok && owner != "" && repo != "" && !strings.Contains(repo, "/") && (server == "" || server == "https://github.com") {
			owner = strings.ToLower(owner)
			d.ProductionURL = "https://" + owner + ".github.io/"
			if !strings.EqualFold(repo, owner+".github.io") {
				d.ProductionURL += url.PathEscape(repo) + "/"
			}
			d.ProductionFrom = "GITHUB_REPOSITORY"
		}
		return d.clean(), true
	}
	return Deploy{}, false
}

// clean drops the names of variables that gave nothing.
func (d Deploy) clean() Deploy {
	if d.ProductionURL == "" {
		d.ProductionFrom = ""
	}
	if d.OwnURL == "" {
		d.OwnFrom = ""
	}
	if d.OtherOwnURL == "" {
		d.OtherOwnFrom = ""
	}
	return d
}

// siteURL makes a platform's address a base URL: https:// added when it
// has no scheme (Vercel's variables), a trailing slash added; "" stays "".
func siteURL(v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	if !strings.Contains(v, "://") {
		v = "https://" + v
	}
	if !strings.HasSuffix(v, "/") {
		v += "/"
	}
	return v
}

// UnderDomain reports whether the host of the URL u is a name under
// domain (site.vercel.app under vercel.app).
func UnderDomain(u, domain string) bool {
	pu, err := url.Parse(u)
	return err == nil && strings.HasSuffix(strings.ToLower(strings.TrimSuffix(pu.Hostname(), ".")), "."+domain)
}
