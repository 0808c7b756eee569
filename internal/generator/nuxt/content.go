package nuxt

// The pages of @nuxt/content: the Markdown files of content/, each at the
// path its collection gives it.

import (
	"io/fs"
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/sitemapgen/sitemapgen/internal/jsconfig"
	"github.com/sitemapgen/sitemapgen/internal/lazyre"
	"github.com/sitemapgen/sitemapgen/internal/limits"
)

// contentDir is @nuxt/content's folder of content files, relative to the
// project folder.
const contentDir = "content"

// contentConfigs are @nuxt/content 3's configuration files, in the order
// c12 (which loads it) looks for them.
var contentConfigs = []string{"content.config.ts", "content.config.mts", "content.config.js", "content.config.mjs"}

// Collection is a collection of pages of @nuxt/content 3 (type 'page'),
// as content.config.ts defines it: the files of content/ its source's
// include matches, but those its exclude does, each at the path its
// prefix and its name below the include's fixed part give it.
type Collection struct {
	// Name is the collection's name.
	Name string
	// Include and Exclude are the source's globs, relative to content/.
	Include string
	Exclude []string
	// Prefix is the URL path its pages are under: the source's prefix,
	// else "/" and the include's fixed part ("blog/" of "blog/**/*.md").
	Prefix string
}

// fixed returns the part of c's include before its first "*": the
// folder its files' names are taken below.
func (c Collection) fixed() string {
	if i := strings.IndexByte(c.Include, '*'); i >= 0 {
		return c.Include[:i]
	}
	return ""
}

// matches reports whether the file at rel (relative to content/) is one
// of c's.
func (c Collection) matches(rel string) bool {
	if ok, _ := doublestar.Match(c.Include, rel); !ok {
		return false
	}
	for _, x := range c.Exclude {
		if ok, _ := doublestar.Match(x, rel); ok {
			return false
		}
	}
	return true
}

// readCollections reads the page collections of content.config.* in the
// project folder src (within lim): each page collection whose source is
// a literal glob of content/, or an object of literal include, exclude
// and prefix. It returns them in their order, the file read ("" for
// none), and the notes of what it could not take: a collection whose
// source is computed, in another folder (cwd) or a repository is not
// joined. A file that defines none (or none there) gives @nuxt/content's
// default: every file of content/ at its path (ok false).
func readCollections(src fs.FS, lim limits.Limits) (cols []Collection, file string, ok bool, notes []string) {
	var data []byte
	for _, name := range contentConfigs {
		b, err := fs.ReadFile(src, name)
		if err == nil {
			data, file = b, name
			break
		}
	}
	if file == "" {
		return nil, "", false, nil
	}
	cols, ok, notes = collectionsOf(file, data, lim)
	return cols, file, ok, notes
}

// collectionsOf reads the page collections of data, the content
// configuration file (see [readCollections]).
func collectionsOf(file string, data []byte, lim limits.Limits) (cols []Collection, ok bool, notes []string) {
	r := jsconfig.NewReader(file, data, lim)
	keys := r.Keys("collections")
	for _, k := range keys {
		at := "collections." + k.Name + "()"
		if t, st := r.Str(at+".type", ""); st == jsconfig.OK && t.Value != "page" {
			continue // a data collection: no pages
		} else if st == jsconfig.Bad {
			continue
		}
		c := Collection{Name: k.Name}
		if v, st := r.Str(at+".source", ""); st == jsconfig.OK {
			c.Include = v.Value
		} else if st == jsconfig.Absent {
			if _, st := r.Str(at+".source.repository", ""); st != jsconfig.Absent {
				r.Note(k.Line, "collection %s reads a repository: its pages are not joined", k.Name)
				continue
			}
			if _, st := r.Str(at+".source.cwd", ""); st != jsconfig.Absent {
				r.Note(k.Line, "collection %s reads another folder than content/ (cwd): its pages are not joined", k.Name)
				continue
			}
			v, st := r.Str(at+".source.include", "")
			if st != jsconfig.OK {
				r.Note(k.Line, "collection %s has no literal source or source.include: its pages are not joined", k.Name)
				continue
			}
			c.Include = v.Value
			if x, st := r.Strs(at + ".source.exclude"); st == jsconfig.OK {
				c.Exclude = x
			} else if x, st := r.Str(at+".source.exclude", ""); st == jsconfig.OK {
				c.Exclude = []string{x.Value}
			} else if st == jsconfig.Bad {
				continue
			}
			if p, st := r.Str(at+".source.prefix", ""); st == jsconfig.OK {
				c.Prefix = p.Value
			} else if st == jsconfig.Bad {
				continue
			}
		} else {
			continue
		}
		// As @nuxt/content takes a source that starts with ./ or ../:
		// those, and slashes, dropped from its start.
		if strings.HasPrefix(c.Include, "./") || strings.HasPrefix(c.Include, "../") {
			c.Include = leadingDots().ReplaceAllString(c.Include, "")
		}
		if !doublestar.ValidatePattern(c.Include) || c.Include == "" {
			r.Note(k.Line, "collection %s: %q is no glob of files of content/: its pages are not joined", k.Name, c.Include)
			continue
		}
		if c.Prefix == "" {
			c.Prefix = "/" + strings.TrimSuffix(c.fixed(), "/")
		}
		cols = append(cols, c)
	}
	if len(keys) == 0 {
		return nil, false, r.Notes()
	}
	return cols, true, r.Notes()
}

// leadingDots matches what @nuxt/content drops from the start of a
// source's include.
var leadingDots = lazyre.MustCompile(`^(\./|\.\./|/)*`)

// semver matches a name @nuxt/content keeps whole: a version (2, 1.2.3,
// 1.x).
var semver = lazyre.MustCompile(`^\d+(?:\.\d+)*(?:\.x)?$`)

// numbered matches the number that orders a file or folder (1.intro).
var numbered = lazyre.MustCompile(`^\d+\.`)

// contentPath returns the path @nuxt/content gives the file whose path
// without its extension, below its collection's prefix, is stem
// ("blog/1.first-post"): each part without its ordering number and its
// .draft, index naming its folder, lower-cased as slugify does;
// "/blog/first-post". ok is false for a part that slugify would change
// otherwise (a character it removes or transliterates): its page is not
// joined, never guessed.
func contentPath(stem string) (string, bool) {
	var out []string
	for _, part := range strings.Split(stem, "/") {
		if !semver().MatchString(part) {
			part = numbered().ReplaceAllString(part, "")
			if part == "index" || part == "index.draft" {
				part = ""
			}
			part = strings.TrimSuffix(part, ".draft")
		}
		slug, ok := slugify(part)
		if !ok {
			return "", false
		}
		out = append(out, slug)
	}
	p := strings.TrimRight(strings.Join(out, "/"), "/")
	return "/" + strings.TrimLeft(p, "/"), true
}

// slugify is the npm package slugify's, with lower: true, for a name of
// letters, digits and -_.~: lower-cased, runs of spaces one -. ok is
// false for a name with other characters.
func slugify(s string) (string, bool) {
	s = strings.Join(strings.Fields(s), "-")
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.ContainsRune("-_.~", c):
		default:
			return "", false
		}
	}
	return strings.ToLower(s), true
}

// contentURL returns the URL path of the file at rel (relative to
// content/): Markdown, not hidden, of the first collection that has it
// (cols; with none, every file at its path, @nuxt/content's default, but
// the partials whose name starts with _ of @nuxt/content 2).
func contentURL(rel string, cols []Collection, configured bool) (string, bool) {
	if path.Ext(rel) != ".md" {
		return "", false
	}
	for _, el := range strings.Split(rel, "/") {
		if strings.HasPrefix(el, ".") || !configured && strings.HasPrefix(el, "_") {
			return "", false
		}
	}
	stem := strings.TrimSuffix(rel, ".md")
	if !configured {
		return contentPath(stem)
	}
	for _, c := range cols {
		if c.matches(rel) {
			return contentPath(path.Join(c.Prefix, strings.TrimPrefix(stem, c.fixed())))
		}
	}
	return "", false
}
