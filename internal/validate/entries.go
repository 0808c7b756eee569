package validate

import (
	"errors"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

// IndexFiles are the files of a folder that an index's entries name,
// found by [LocateEntries].
type IndexFiles struct {
	// At is the URL of the index's location, the URL folder it is taken
	// to lie in ("https://example.com/docs/"); "" when no entry names a
	// file that is there, and then no entry is matched.
	At string
	// Files are the entries' files, in the order of the entries.
	Files []IndexFile
}

// IndexFile is the file of the folder that one entry of an index names.
type IndexFile struct {
	// Rel is the file's path in the folder, with slashes; "" when the
	// entry names none (see NotBelow, Climbs).
	Rel string
	// Found is set when something is there: a file, or a path through a
	// symbolic link the door refuses (reading it says so).
	Found bool
	// NotBelow is set for an entry whose URL is not below At; Climbs for
	// one whose path below At has a ".." segment (its slashes
	// percent-encoded, "..%2Fsitemap.xml"): no file is looked for.
	NotBelow, Climbs bool
}

// LocateEntries maps the entries of an index (their URLs, locs) to the
// files of the folder r they name, when the index's own URL is not
// known: the one rule validate and diff share, so that they never take
// an entry for two different files. index is the index's own path in r,
// with slashes; the files it names lie in its folder or below.
//
// The index's location is taken to be the URL folder below which most
// entries name a file that is there (the shallowest, then the first by
// name, of those that tie): a multilingual index listing
// https://example.com/en/sitemap.xml and …/de/sitemap.xml lies at /, and
// names en/sitemap.xml and de/sitemap.xml beside it; one listing
// https://example.com/docs/sitemap-0.xml, with sitemap-0.xml beside it,
// lies at /docs/. Each entry's file is then its URL's path below that
// location, in the index's folder. The index itself is no entry's file
// while the location is looked for (an index named sitemap.xml does not
// find itself in each language's sitemap.xml), but may be one after. A
// path that would leave the index's folder names no file: it is never
// looked at, nor a path with a ".." segment: a server may resolve it or
// not.
func LocateEntries(r *fsx.Root, index string, locs []string) IndexFiles {
	dir := path.Dir(index)
	type entry struct {
		segs []string // the segments of its URL's path; nil for none
		base string   // its URL's scheme and host
	}
	entries := make([]entry, len(locs))
	found := map[string]int{}    // a location, its segments joined, → the entries it finds a file for
	where := map[string]string{} // a location → its URL
	for k, loc := range locs {
		u, err := url.Parse(loc)
		if err != nil || u.Path == "" || strings.HasSuffix(u.Path, "/") {
			continue
		}
		e := entry{strings.Split(strings.TrimPrefix(u.Path, "/"), "/"), u.Scheme + "://" + u.Host + "/"}
		entries[k] = e
		for i := 0; i < len(e.segs) && i <= maxIndexDepth; i++ {
			if i > 0 && !plainSegment(e.segs[i-1]) {
				break // no location has an empty, "." or ".." segment
			}
			at := strings.Join(e.segs[:i], "/")
			rest, ok := below(e.segs[i:])
			if !ok {
				continue
			}
			if _, ok := where[at]; !ok {
				where[at] = e.base + strings.TrimPrefix(at+"/", "/")
			}
			if rel := path.Join(dir, rest); rel != index && there(r, rel) {
				found[at]++
			}
		}
	}
	best, most := "", 0
	for at, n := range found {
		if n > most || n == most && (len(at) < len(best) || len(at) == len(best) && at < best) {
			best, most = at, n
		}
	}
	res := IndexFiles{Files: make([]IndexFile, len(locs))}
	if most == 0 {
		return res
	}
	res.At = where[best]
	depth := 0
	if best != "" {
		depth = strings.Count(best, "/") + 1
	}
	for k, e := range entries {
		f := &res.Files[k]
		switch {
		case e.segs == nil:
		case len(e.segs) <= depth || strings.Join(e.segs[:depth], "/") != best:
			f.NotBelow = true
		default:
			rest, ok := below(e.segs[depth:])
			if !ok {
				f.Climbs = true
				break
			}
			f.Rel = path.Join(dir, rest)
			f.Found = there(r, f.Rel)
		}
	}
	return res
}

// below returns the path of the segments segs below a location, when it
// stays below it: no ".." segment (validate says those written so, or
// percent-encoded; one here came with its slashes percent-encoded,
// "..%2Fx"), and a local path (filepath.IsLocal).
func below(segs []string) (string, bool) {
	if slices.Contains(segs, "..") {
		return "", false
	}
	rest := path.Join(segs...)
	return rest, filepath.IsLocal(filepath.FromSlash(rest))
}

// plainSegment reports whether seg is a folder's name: not empty, "."
// or "..".
func plainSegment(seg string) bool { return seg != "" && seg != "." && seg != ".." }

// maxIndexDepth is how many folders deep an index's location is looked
// for.
const maxIndexDepth = 16

// there reports whether rel in the folder r is a file an index entry may
// name: something that is no folder, or a path through a symbolic link
// the door refuses, which reading it says.
func there(r *fsx.Root, rel string) bool {
	fi, err := r.Stat(rel)
	return errors.Is(err, fsx.ErrOutside) || err == nil && !fi.IsDir()
}
