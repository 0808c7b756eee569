package writer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/internal/robots"
)

const robotsName = "robots.txt"

// updateRobots writes the Sitemap: lines for entries into the robots.txt
// of the output folder root, atomically, inside it, and reports whether
// the file changed, with the file's content as it now is. Lines that name the files of foreign (paths relative
// to the folder) go too. A robots.txt past max bytes
// (limits.robots_bytes) is not rewritten: an error. filesURL is where the
// set's files are served (Options.SitemapsURL). hooked, when not nil, is
// the content to write instead, as Options.RobotsHook made it.
func updateRobots(root *fsx.Root, baseURL, filesURL string, entries, foreign []string, max int, hooked []byte) ([]byte, bool, error) {
	if err := robotsUsable(root, max); err != nil {
		return nil, false, err
	}
	mode := fs.FileMode(0o644)
	old, st, err := readRobots(root, max)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, false, err
	default:
		mode = st.Mode().Perm()
	}
	exists := err == nil
	merged := mergeRobots(old, baseURL, filesURL, entries, foreign)
	if hooked != nil {
		merged = hooked
	}
	if exists && bytes.Equal(merged, old) {
		return merged, false, nil
	}
	return merged, true, atomicfile.WriteIn(root, robotsName, merged, mode)
}

// hookRobots runs Options.RobotsHook, with Robots, on the robots.txt
// the commit would write, before anything is written, and keeps what it
// returns for the commit (txn.robots).
func (t *txn) hookRobots(res *Result) error {
	if !t.opts.Robots || t.opts.RobotsHook == nil {
		return nil
	}
	old, _, err := readRobots(t.root, t.opts.RobotsBytes)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	t.robots, err = hookedRobots(t.opts, mergeRobots(old, t.opts.BaseURL, t.opts.SitemapsURL, res.Entries, t.takenOver()))
	return err
}

// hookedRobots returns merged as opts.RobotsHook rewrites it, with
// Robots; else merged.
func hookedRobots(opts Options, merged []byte) ([]byte, error) {
	if !opts.Robots || opts.RobotsHook == nil {
		return merged, nil
	}
	out, err := opts.RobotsHook(merged)
	if out == nil && err == nil {
		out = []byte{} // an empty robots.txt, not none
	}
	return out, err
}

// readRobots reads the robots.txt of the folder root through the one
// door (package fsx: never through a link out of it, only a regular
// file), at most max bytes of it: past them, what it read and a
// [fsx.TooLarge] error naming limits.robots_bytes. It also returns what
// the file is.
func readRobots(root *fsx.Root, max int) ([]byte, fs.FileInfo, error) {
	f, err := root.Open(robotsName, int64(max), robots.LimitKey)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(f)
	return data, st, err
}

// robotsNames reports whether the robots.txt of the folder root has a
// Sitemap: line for one of the files of foreign (paths under baseURL). A
// robots.txt that cannot be read, or is past max bytes, names none.
func robotsNames(root *fsx.Root, baseURL string, foreign []string, max int) bool {
	if robotsUsable(root, max) != nil {
		return false
	}
	old, _, err := readRobots(root, max)
	if err != nil {
		return false
	}
	for _, line := range bytes.SplitAfter(old, []byte("\n")) {
		if isOwnSitemapLine(line, baseURL, baseURL, foreign) && !isOwnSitemapLine(line, baseURL, baseURL, nil) {
			return true
		}
	}
	return false
}

// robotsUsable returns an error when the robots.txt of the output folder
// root exists and cannot be merged: a symbolic link out of the folder, or
// to an absolute path (its target's content would be published as the
// site's robots.txt: a link to /etc/passwd, say), not a regular file (a
// folder, a FIFO), or larger than max bytes (limits.robots_bytes), which
// a merge would have to read whole. A link inside the folder is read,
// and replaced by a file. Write asks before it writes anything.
func robotsUsable(root *fsx.Root, max int) error {
	path := root.Path(robotsName)
	st, err := root.Stat(robotsName)
	switch {
	case errors.Is(err, fsx.ErrOutside):
		return &diag.Diagnostic{File: path, Err: err, Msg: "a symbolic link to a file outside the output folder (or to an absolute path); sitemapgen does not publish that file's content (replace the link with a file, or leave out --robots)"}
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !st.Mode().IsRegular():
		return &diag.Diagnostic{File: path, Msg: "not a regular file; nothing written"}
	case st.Size() > int64(max):
		return &diag.Diagnostic{File: path, Err: fsx.ErrTooLarge,
			Msg: fmt.Sprintf("larger than %d bytes (%s): sitemapgen does not rewrite it; nothing written (raise the limit, or leave out --robots)", max, robots.LimitKey)}
	}
	return nil
}

// MergeRobots returns robots.txt content that names entries in Sitemap:
// lines. Lines of old that are Sitemap: lines of this tool (a URL under
// baseURL whose file name IsOwnName, but for the news sitemap's, which
// the index lists and robots.txt never does) are replaced, whole, by the
// new lines, at the place of the first of them; without one, the new
// lines are appended, after a blank line. Every other byte of old is
// kept, and its line ending (LF or CRLF) is used for the new lines.
func MergeRobots(old []byte, baseURL string, entries []string) []byte {
	return mergeRobots(old, baseURL, baseURL, entries, nil)
}

// mergeRobots is MergeRobots that also replaces the Sitemap: lines naming
// the files of foreign, paths under baseURL: other tools' sitemaps that
// this Write removes; and those naming this tool's files under filesURL,
// where the set is served (Options.SitemapsURL), as well as under
// baseURL.
func mergeRobots(old []byte, baseURL, filesURL string, entries, foreign []string) []byte {
	eol := "\n"
	if bytes.Contains(old, []byte("\r\n")) {
		eol = "\r\n"
	}
	var block []byte
	for _, e := range entries {
		block = append(block, "Sitemap: "...)
		block = append(block, e...)
		block = append(block, eol...)
	}
	var out []byte
	placed := false
	for rest := old; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line = rest[:i+1]
		}
		rest = rest[len(line):]
		if isOwnSitemapLine(line, baseURL, filesURL, foreign) {
			if bom := []byte("\uFEFF"); bytes.HasPrefix(line, bom) {
				out = append(out, bom...)
			}
			if !placed {
				out = append(out, block...)
				placed = true
			}
			continue
		}
		out = append(out, line...)
	}
	if !placed {
		if len(out) > 0 {
			if out[len(out)-1] != '\n' {
				out = append(out, eol...)
			}
			if !bytes.HasSuffix(out, []byte("\n\n")) && !bytes.HasSuffix(out, []byte("\n\r\n")) {
				out = append(out, eol...)
			}
		}
		out = append(out, block...)
	}
	return out
}

// isOwnSitemapLine reports whether line is "Sitemap: URL" (any case, any
// spacing, after a byte-order mark) for a URL of this tool's files under
// baseURL or filesURL, or of one of foreign under baseURL. Scheme and
// host compare without regard to case, as URLs do.
func isOwnSitemapLine(line []byte, baseURL, filesURL string, foreign []string) bool {
	u, ok := robots.SitemapOf(line)
	if !ok {
		return false
	}
	if rest, ok := cutPrefixURL(u, filesURL); ok && robotsOwn(rest) {
		return true
	}
	rest, ok := cutPrefixURL(u, baseURL)
	return ok && (robotsOwn(rest) || slices.Contains(foreign, rest))
}

// robotsOwn reports whether a Sitemap: line naming the file name under
// the base URL is this tool's: one of its names (IsOwnName) but a news
// file's. Its news sitemap is listed by the index and never named in
// robots.txt, so a line naming sitemap-news.xml is the site's own, for
// its own news sitemap, and stays.
func robotsOwn(name string) bool { return IsOwnName(name) && !isNewsName(name) }

// cutPrefixURL is strings.CutPrefix for URLs: the scheme and host of u
// match base's in any case, the path exactly.
func cutPrefixURL(u, base string) (string, bool) {
	origin := func(s string) int { // length of "scheme://host"
		i := strings.Index(s, "://")
		if i < 0 {
			return -1
		}
		if j := strings.IndexByte(s[i+3:], '/'); j >= 0 {
			return i + 3 + j
		}
		return len(s)
	}
	nu, nb := origin(u), origin(base)
	if nu < 0 || nb < 0 || !strings.EqualFold(u[:nu], base[:nb]) {
		return "", false
	}
	return strings.CutPrefix(u[nu:], base[nb:])
}

// A RobotsLine is a Sitemap: line of robots.txt, with its line number.
type RobotsLine struct {
	Line int
	URL  string
}

// DeadRobotsLines returns, of lines (the Sitemap: lines of
// dir/robots.txt, as the caller read it), those that name a file of this
// tool's under baseURL (where the files are served: Options.SitemapsURL)
// that dir does not have: left by a build with Options.Robots whose set a
// later build without it changed (sitemap.xml.gz removed when --gzip
// went). Each named file is looked at (Lstat) inside dir, never through a
// link out.
func DeadRobotsLines(dir string, lines []robots.SitemapLine, baseURL string) []RobotsLine {
	if len(lines) == 0 {
		return nil
	}
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil
	}
	defer root.Close()
	var dead []RobotsLine
	for _, sl := range lines {
		rest, ok := cutPrefixURL(sl.URL, baseURL)
		if !ok || !robotsOwn(rest) {
			continue
		}
		if _, err := root.Lstat(rest); errors.Is(err, fs.ErrNotExist) {
			dead = append(dead, RobotsLine{Line: sl.Line, URL: sl.URL})
		}
	}
	return dead
}

// OtherRobotsLines returns, of lines (the Sitemap: lines of
// dir/robots.txt, as the caller read it), those that name, under baseURL,
// a file dir has that ours (the files of the set, as its record lists
// them: Result.Recorded) does not: a sitemap this tool did not write (a
// project's own, which its build writes beside ours, such as a Sphinx
// extension's sitemap.txt). skip says which names the caller speaks of
// otherwise (a generator's sitemaps). Each named file is looked at
// (Lstat) inside dir, never through a link out.
func OtherRobotsLines(dir string, ours []string, lines []robots.SitemapLine, baseURL string, skip func(name string) bool) []RobotsLine {
	if len(lines) == 0 {
		return nil
	}
	root, err := fsx.OpenRoot(dir)
	if err != nil {
		return nil
	}
	defer root.Close()
	var other []RobotsLine
	for _, sl := range lines {
		rest, ok := cutPrefixURL(sl.URL, baseURL)
		if !ok || rest == "" || skip != nil && skip(rest) {
			continue
		}
		if st, err := root.Lstat(rest); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if !slices.Contains(ours, rest) {
			other = append(other, RobotsLine{Line: sl.Line, URL: sl.URL})
		}
	}
	return other
}
