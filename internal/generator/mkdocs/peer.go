package mkdocs

import "github.com/sitemapgen/sitemapgen/internal/peer"

// Tool is MkDocs' sitemap, which MkDocs writes at every build, whatever
// the theme, with no option.
const Tool peer.Tool = "MkDocs' sitemap"

// Peer is MkDocs' sitemap as a peer: no row, since it has no option,
// and init's steps only. Nothing turns it off: sitemapgen, run after
// mkdocs build, writes over it. The registry lists Peer.
var Peer = &peer.Def{Tool: Tool, Steps: peer.Steps{Where: "after mkdocs build"}}
