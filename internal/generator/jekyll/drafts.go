package jekyll

import (
	"path"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/generator"
)

// Drafts: "_drafts/NAME.ext" (under collections_dir), which Jekyll
// publishes only with --drafts, as a post: at the posts' permalink, its
// slug the file's name (with or without a date in it), dated by front
// matter date, else the file name's date, else the file's modification
// time. Drafts in a folder's _drafts (blog/_drafts) are not read here.

// draftsIn returns the drafts folder the file at rel is in, if it is in
// one.
func (j *Preset) draftsIn(rel string) (string, bool) {
	dir := "_drafts"
	if j.CollectionsDir != "" {
		dir = j.CollectionsDir + "/_drafts"
	}
	inside, ok := strings.CutPrefix(rel, dir+"/")
	return dir, ok && inside != ""
}

// draftURL is URLPath for a file of the drafts folder: the URL Jekyll
// publishes it at with --drafts, as a post.
func (j *Preset) draftURL(p generator.Page, rel string, why *error) (string, bool) {
	dir, _ := j.draftsIn(rel)
	inside := strings.TrimPrefix(rel, dir+"/")
	for _, el := range strings.Split(inside, "/") {
		if strings.HasPrefix(el, ".") {
			return "", false // Dir["**/*"] does not enter hidden folders
		}
	}
	if j.filtered(rel, jekyllSpecial(inside) || jekyllSpecial(path.Base(inside))) {
		return "", false
	}
	return j.document(p, strings.TrimPrefix(rel, j.CollectionsDir+"/"), "posts", j.postsCollection(), why)
}
