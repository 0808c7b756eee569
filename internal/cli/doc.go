// Package cli is sitemapgen's command line: one file a command (build,
// watch, validate, diff, init, submit, version and help), each with its flags,
// its --help and its run function, which returns an error. [Main] picks the
// command and turns its error into the exit status, in one place:
//
//	0  success (and --help)
//	1  the build, the check, the validation or the submission failed
//	2  a usage or configuration error
//
// Every message with a place (a file, a line) is printed path first,
// through package diag; the others start with "sitemapgen: ".
//
// # Files
//
// Each command is one file: build.go, watch.go, validate.go, audit.go,
// diff.go, init.go, submit.go, version.go. Each parses its flags from a
// table, prints its --help, and returns an error. cli.go holds the dispatch
// and the one mapping from an error to the exit status. report.go and
// explain.go say what a build prints. watchwait.go is watch mode's wait
// for a site folder its generator has not made yet. diffreport.go writes diff's Markdown
// report (--markdown, --summary, --comment): each list is bounded, and
// every value is a code span, percent-encoded where it could leave it
// (mdValue).
//
// The files of init:
//
//   - initswitch.go: what init does, beyond sitemap.yaml, when a project
//     switches from a peer whose command a package.json script runs
//     after the build (its Def's Steps.Script: next-sitemap's), and the
//     edit of package.json that every switch shares (runScript). The one
//     script string that ran the peer's command (Steps.Replace), or else
//     the generator's build (Steps.After), is edited in place to run
//     sitemapgen, and the rest of the file is kept byte for byte. Nothing
//     is edited where a script runs sitemapgen already, nor where the
//     script has other shell syntax than commands joined by &&. The steps
//     left are printed, numbered, those of the peer's notes given by its
//     Def (Steps.NoteStep).
//   - initsteps.go: the steps that end every other switch. The install of
//     sitemapgen comes first where package.json does not depend on it.
//     Then the peer's road, the one docs/migrating.md gives first
//     (TestRoads reads both): its integration in its place, or sitemapgen
//     after the build. Each step is printed only while it is still to do.
//     What a step says of a peer is the peer's (peer.Def's Steps); this
//     file only loops over them, and names no peer.
//   - initlink.go: the <link rel="sitemap"> that a peer put into every
//     page's head (peer.Result.HeadLink: gatsby-plugin-sitemap's
//     createLinkInHead, hexo-generator-sitemap's rel). A new file of the
//     generator's head API carries it, as the peer's peer.Def.HeadLink
//     gives it: gatsby-ssr.js's onRenderBody, or Hexo's
//     scripts/sitemapgen-link.js injector. It names the entry file
//     that sitemap.yaml gives. It is never written over a file that is there;
//     the lines to add are printed as a step instead. It is written before
//     sitemap.yaml, so that sitemap.yaml's notes say what became of it. The
//     same goes for the rules, Host: and Sitemap: lines that a peer wrote
//     into robots.txt (peer.Result.RobotsTxt: next-sitemap's
//     generateRobotsTxt and robotsTxtOptions), carried by the site's own
//     robots.txt, its Def's RobotsFile (public/robots.txt).
//
// # The command line
//
// Flags are GNU-style long flags, before and after DIR (sitemapgen public
// --base-url …). The standard flag package parses them, over the arguments
// the table's parser has split, so a flag's value is never taken for DIR or
// for "--". A flag that does not exist is named as it was typed (-v), with
// the flag it is close to (config.Suggest, which also suggests for
// sitemap.yaml's unknown keys; a letter suggests the flags it begins). A
// first argument that names no file and is close to a command's name is a
// mistyped command, not DIR. A DIR that does not exist is said before a
// missing base URL.
//
// # Messages
//
// Every command returns an error. exitStatus prints it and maps it to the
// exit status; a usageError is status 2, with a pointer to --help when the
// command line does not parse. Every message about a place is a
// *diag.Diagnostic (file, line, column, message, hint) and prints its path
// first, as compilers do:
//
//	sitemap.yaml:3: unknown key …
//	vercel.json:12: warning: …
//	content/a.md:2: warning: …
//	public/x.html: error: …
//
// A diagnostic wrapped with context still prints its place first. Messages
// without a place start with "sitemapgen:".
//
// Without --verbose, the reporter (report.go) holds the warnings about
// files and prints them when the run (or watch mode's rebuild) ends. It
// groups them by cause: the message with what varies from page to page
// taken out (URLs, quoted values, paths, numbers, hreflang codes). The
// causes come in the order each first came. A cause of at most three
// warnings prints each. A larger one prints its first, with "(and N more
// like it: --verbose prints each)". So one problem on a thousand pages is
// one line, and does not bury the summary. --verbose prints every warning
// as it comes.
//
// The warnings of what the project's files say (Config.Warnings) are
// grouped the same way, by the same causes, when the settings are read. A
// server build's routes rendered on demand are warned of by the build once
// it has read the extra URLs (builder.warnOnDemand), at the build's
// manifest named from the working directory, grouped as the pages' are.
//
// In a whole build, --verbose's line for each page is the account --explain
// gives (explainer.every, after the pages are dated and the alternates
// judged): one account of a page everywhere.
//
// A run ends with one summary line: pages found, URLs written, XML sitemap
// files written, the other files named (text sitemaps, robots.txt), pages
// skipped with their reasons, lastmod sources, and the time.
package cli
