// Package project works out, once, what a project says about its site:
// the generator that built it and its configuration files, the folder it
// publishes into, the folders of its sources and how their files become
// URLs, the base URL and what gave it, the URL style of the generator or
// the hosting platform, the order in which the generator dates its
// pages, the sitemap files the generator writes itself, and the hosting
// platform with its files.
//
// [Discover] answers in one [Project] value. It is told what the user
// gave ([Ask]), because what the project says depends on it (a site
// folder given picks the generator that builds into it), and says only
// what the user did not give: the settings' layering (internal/config)
// puts the project's values below the flags, the environment and
// sitemap.yaml, and above the defaults. The build environment comes
// beside Ask, as its own getenv: it is not something the user gave.
//
// Each generator's knowledge is in its own file of internal/generator,
// each platform's in internal/host; this package composes them.
//
// # Files
//
// Discover asks one small reader for each source of a project's facts;
// the discovery (project.go) joins their answers and owns none of them.
//
//   - platform.go: the platform reader (platformReader): the platform,
//     its own file, and the environment the generators' builds run with:
//     sitemapgen's own, then the variables the platform's file sets for
//     the build.
//   - generators.go: the generators reader (generators): the generators
//     found, once, and the one that builds into a folder; also the site
//     folder, and a site folder that is a project's.
//   - baseurl.go: the base URL finder (baseFinder): the base URL and
//     what gave it; from the built site (sitebase.go) and its feed
//     (feedbase.go); from an npm integration's host (hostproject.go).
//   - form.go: the URL form reader (formReader): the platform's URL
//     style, or the form the generator links its pages by.
//   - builtsite.go: a built site no generator was recognised for: its
//     folder, found by its generator's sitemap, and that sitemap's URL
//     form.
//   - sources.go: the sources of content mode and of a join, with their
//     preset.
//   - project.go: the lastmod sources in the generator's order, without a
//     build's file times (dating); the line of what was found; the files
//     watch mode resolves again on; the warnings.
//   - tree.go: the project's tree, which a path a file of the repository
//     gives must lead inside ([TreeOf], Tree.Check). Each folder a
//     configuration names is checked where it is used.
//
// What the generator names as its own sitemap files
// (generator.Detected.Sitemaps and its plugin) goes in a
// pipeline.OwnSitemaps: the build reads the output folder to decide which
// are its own. [Survey] is what init asks.
//
// The project says a value only where [Ask] says none was given. The one
// rank it knows is among its own sources: a platform's production URL over
// the generator's, and a preview's own URL (with previews: own-url) over
// the settings file's.
//
// # The platform
//
// Discover finds the platform first (findPlatform: host.FromEnv,
// host.Identify). topNetlify finds the git work tree's top netlify.toml
// when it publishes a folder of the project; its host rules then count too
// (Project.PlatformTop).
//
// # The base URL
//
// When the user gives none, the first of these that answers:
//
//  1. The hosting platform's own variables: Netlify's URL, Vercel's
//     production URL. A custom domain of the generator's, or of the built
//     site, outranks Vercel's address when that is the project's
//     *.vercel.app address (host.Deploy.PlatformDomain, customDomain):
//     Vercel gives that address only when the project lists no custom
//     domain. With previews: own-url, a preview's own URL: of Vercel's two,
//     VERCEL_URL and VERCEL_BRANCH_URL, the one the built pages' canonical
//     links name (host.Deploy.OtherOwnURL).
//  2. The generator's configuration: Hugo's baseURL, Jekyll's url and
//     baseurl, MkDocs' site_url, SvelteKit's kit.prerender.origin … For a
//     JavaScript project without one: next-sitemap's siteUrl, Eleventy's
//     site data url, package.json's homepage.
//  3. For a generator whose configuration computes it (Sphinx's f-string
//     html_baseurl) or has none, and for a site no generator was
//     recognised for, what the built site says (siteBaseURL):
//     the prefix that the canonical links of the home page and the first
//     1,000 other pages share, robots.txt's Sitemap: lines, the generator's
//     sitemap.xml. A file an earlier run of ours wrote
//     (pipeline.OwnSitemap), or a Sitemap: line one wrote
//     (writer.RecordedRobots), does not count; in place of our
//     sitemap.xml, the base the generator's gave, which the run that
//     replaced it kept in its record (writer.RecordedBase), does: a base
//     URL found once is found again. A base on a code host is refused,
//     as the generator's is.
//  4. A CNAME file's domain. A site folder's CNAME outranks a generator's
//     or built site's URL that is not its domain's root, with a warning,
//     unless the platform is Netlify, Vercel or Cloudflare Pages, which
//     ignore the file (overCustomDomain). GitHub Pages serves a custom
//     domain at its root and redirects the github.io address there. A
//     platform that can rewrite a path keeps the generator's base path
//     (atBasePath).
//  5. The site's own feed (siteFeedBaseURL, feedbase.go): an RSS or Atom
//     feed's home link, or its self link less the feed's path. It is taken
//     only at the generator's base path, where the self link agrees and an
//     entry leads from it to a page of the site: a starter's channel link is
//     often its repository. An example domain there is a warning at the
//     feed, and the guesses below outrank it. Only a feed's head is read:
//     its first 64 KiB, at most 64 elements deep.
//  6. The guesses of Cloudflare Pages (<project>.pages.dev from
//     CF_PAGES_URL) and GitHub Actions (<owner>.github.io/<repo>/). They
//     rank below the generator because their variables name the deployment,
//     not the custom domain a generator's configuration names.
//
// What the built site states is taken only where its host may be a public
// site's (notPublic): no host of one label (such as SvelteKit's stand-in
// http://sveltekit-prerender), no loopback host, no code host. A refused
// value is a warning, and a note on the missing base URL's error. With no
// base URL at all, the build exits 2 with a message that lists these ways.
//
// # Sources joined
//
// Given by --source or source:. Else, when the site folder is the output
// of a Hugo, Jekyll or MkDocs project found, its contentDir, source or
// docs_dir (if it exists). For a generator that routes files (Hexo,
// Docusaurus, Astro and Starlight, Next.js, Gatsby, Eleventy, Pelican,
// Sphinx, SvelteKit, Nuxt), the files its routes come from, through its
// generator.Router; the preset's Rules().Sources.Include selects them in
// the project folder.
//
// A preset that is a FolderReader reads the route code once, never run:
//
//   - a Next.js [P] route whose getStaticPaths or generateStaticParams lists
//     one folder of Markdown (or its tree, keyed by file name) and gives P a
//     file's name, or whose page reads the file P names (next/names.go). A
//     route that gives each post's tags joins none, and its pages are lists
//     (ListRules.Routes);
//   - a Gatsby createPage at createFilePath's slug;
//   - an Astro route that reaches getCollection through a helper module;
//   - a SvelteKit [P] route whose load imports `DIR/${params.P}.md`, or keys
//     a glob of DIR/*.md by it (sveltekit/loads.go);
//   - Nuxt's content/, by the page collections of content.config.ts
//     (nuxt/content.go).
//
// Each file of the folder is then the source of its page. A preset whose
// FileRules.Meta is set reads sources whose metadata is no front matter
// (Pelican's). source: none turns joins off. The built pages that no source
// matched are counted (Result.Unjoined).
//
// # The site folder
//
// DIR or root:, then the platform's publish folder (netlify.toml's [build]
// publish, vercel.json's outputDirectory), then the folder of the one
// generator found. Two generators, or none with a publish folder, is exit
// 2, never a guess. With no generator recognised at all, the one folder
// of the project that holds a built site, an index.html beside a
// sitemap.xml (builtsite.go); two are exit 2.
//
// # URL style
//
// Clean URLs and trailing slashes come from the flags and keys. Else from
// the form the platform serves with 200; the generator's form where the
// platform answers it with 200 too (preferLinks: GitHub Pages' /about).
// Else from the form the generator that built the site links by
// (generator.Detected.Form, one answer of its project: Next.js, Astro,
// Docusaurus, Gatsby, VitePress, Nuxt, SvelteKit; Sphinx's index files),
// whatever its sitemap lists; with no generator recognised, the form of
// the generator's own sitemap in the site folder (sitemapForm), or of
// ours an earlier run wrote in its place, unless ours is in sitemapgen's
// default form, which says none (siteForm).
// applyStyle decides, and Project.Form makes the mapping's form. init's
// comment is the same resolution with nothing given (Findings.Form,
// URLs), each claim the mapping's own (mapping.Mapper.URLPath). A listed
// URL that the platform or a redirect rule would redirect gets a warning.
package project
