// Package host reads what a hosting platform says about serving a site's
// paths:
//
//   - the X-Robots-Tag response header, as set for paths in a `_headers`
//     file (Netlify, Cloudflare Pages), in the [[headers]] of
//     netlify.toml or in the `headers` of `vercel.json`: a page served
//     with X-Robots-Tag: noindex must not be in a sitemap, whatever its
//     HTML says ([Load]);
//   - redirect rules: `_redirects`, netlify.toml's [[redirects]],
//     vercel.json's redirects ([LoadRedirects]);
//   - the build environment of Netlify, Vercel, Cloudflare Pages and GitHub
//     Actions: the production URL, a preview's own ([FromEnv]);
//   - what a platform's own file (netlify.toml, vercel.json) says of its
//     builds ([ReadSettings]): the URL form each platform answers with
//     200 ([Style.Answer]), the publish folder, the variables it sets
//     for the build.
//
// A rule this package cannot evaluate with certainty (a Vercel rule with
// has or missing conditions, a pattern Go's regexp cannot express) is
// reported as a problem and ignored, so that it never drops a page.
//
// # Settings and the build
//
// netlify.toml is read and parsed once a run. [ReadSettings] reads it for
// discovery, within limits.rule_file_bytes, and then limits.settings_bytes
// for its settings. Its PlatformFile reaches the build through
// project.Project and pipeline.Options, and the build's SiteFiles takes it
// as read: a problem in it is one warning. netlify.toml and vercel.json
// past the bounds of a settings file (limits.settings_bytes,
// limits.nesting), which their decoders need, are no warning for their
// headers but an error, as a _headers file past its own bounds is: a
// noindex rule is never dropped.
//
// [Redirects.ErrorPage] is the page a Netlify rule serves with status 404.
//
// NetlifySitemapPlugin gives the inputs netlify.toml gives
// @netlify/plugin-sitemap, as host's own PluginInputs. The peer's
// folder, internal/peer/netlify, makes a peer.Config of them (its Def's
// Read, which package project calls). host imports no peer: peer imports writer,
// and the writer's tests import mapping and so host, which would make a
// cycle.
//
// Host rules are matched through an index (ruleIndex): a pattern that
// matches one path sits in a map, any other under its literal prefix, cut
// after its last "/". A page tries only the rules under its own folders, in
// the file's order, so first-match and combining rules answer as before.
package host
