package writer

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sitemapgen/sitemapgen/internal/atomicfile"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
)

const robotsName = "robots.txt"

// updateRobots writes the Sitemap: lines for entries into dir/robots.txt,
// atomically, and reports whether the file changed. Lines that name the
// files of foreign (paths relative to dir) go too.
func updateRobots(dir, baseURL string, entries, foreign []string) (bool, error) {
	path := filepath.Join(dir, robotsName)
	if err := robotsUsable(dir); err != nil {
		return false, err
	}
	mode := fs.FileMode(0o644)
	st, err := os.Stat(path)
	switch {
	case err == nil && !st.Mode().IsRegular():
		return false, fmt.Errorf("%s: not a regular file", path)
	case err == nil:
		mode = st.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return false, err
	}
	exists := err == nil
	var old []byte
	if exists {
		if old, err = fsx.OldReadFile(path); err != nil {
			return false, err
		}
	}
	merged := mergeRobots(old, baseURL, entries, foreign)
	if exists && bytes.Equal(merged, old) {
		return false, nil
	}
	return true, atomicfile.Write(path, merged, mode)
}

// robotsNames reports whether dir's robots.txt has a Sitemap: line for
// one of the files of foreign (paths under baseURL). A robots.txt that
// cannot be read names none.
func robotsNames(dir, baseURL string, foreign []string) bool {
	if robotsUsable(dir) != nil {
		return false
	}
	old, err := fsx.OldReadFile(filepath.Join(dir, robotsName))
	if err != nil {
		return false
	}
	for _, line := range bytes.SplitAfter(old, []byte("\n")) {
		if isOwnSitemapLine(line, baseURL, foreign) && !isOwnSitemapLine(line, baseURL, nil) {
			return true
		}
	}
	return false
}

// robotsUsable returns an error when dir's robots.txt exists and cannot be
// merged: a symbolic link out of dir (linkStaysIn), or not a regular file
// (a folder, a FIFO). Write asks before it writes anything.
func robotsUsable(dir string) error {
	path := filepath.Join(dir, robotsName)
	if err := linkStaysIn(dir, path); err != nil {
		return err
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return &diag.Diagnostic{File: path, Msg: "not a regular file; nothing written"}
	}
	return nil
}

// linkStaysIn returns an error when path is a symbolic link whose target is
// not inside dir: its content would be published as the site's robots.txt
// (a link to /etc/passwd, say). A link inside dir is read, and replaced by
// a file.
func linkStaysIn(dir, path string) error {
	st, err := os.Lstat(path)
	if err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("%s: a symbolic link that cannot be followed: %w", path, err)
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(root, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s: a symbolic link to %s, outside the output folder; sitemapgen does not publish that file's content (replace the link with a file, or leave out --robots)", path, target)
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
	return mergeRobots(old, baseURL, entries, nil)
}

// mergeRobots is MergeRobots that also replaces the Sitemap: lines naming
// the files of foreign, paths under baseURL: other tools' sitemaps that
// this Write removes.
func mergeRobots(old []byte, baseURL string, entries, foreign []string) []byte {
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
		if isOwnSitemapLine(line, baseURL, foreign) {
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
// baseURL, or of one of foreign. Scheme and host compare without regard
// to case, as URLs do.
func isOwnSitemapLine(line []byte, baseURL string, foreign []string) bool {
	u, ok := sitemapLineURL(line)
	if !ok {
		return false
	}
	rest, ok := cutPrefixURL(u, baseURL)
	return ok && (robotsOwn(rest) || slices.Contains(foreign, rest))
}

// robotsOwn reports whether a Sitemap: line naming the file name under
// the base URL is this tool's: one of its names (IsOwnName) but a news
// file's. Its news sitemap is listed by the index and never named in
// robots.txt, so a line naming sitemap-news.xml is the site's own, for
// its own news sitemap, and stays.
func robotsOwn(name string) bool { return IsOwnName(name) && !newsFileName.MatchString(name) }

// sitemapLineURL returns the URL of a "Sitemap: URL" line (any case, any
// spacing, after a byte-order mark, a trailing comment cut).
func sitemapLineURL(line []byte) (string, bool) {
	s := strings.TrimSpace(strings.TrimPrefix(string(line), "\uFEFF"))
	if len(s) < len("sitemap:") || !strings.EqualFold(s[:len("sitemap:")], "sitemap:") {
		return "", false
	}
	u := strings.TrimSpace(s[len("sitemap:"):])
	if i := strings.IndexByte(u, '#'); i >= 0 { // a trailing comment
		u = strings.TrimSpace(u[:i])
	}
	return u, true
}

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

// DeadRobotsLines returns the Sitemap: lines of dir/robots.txt that name a
// file of this tool's under baseURL that dir does not have: left by a
// build with Options.Robots whose set a later build without it changed
// (sitemap.xml.gz removed when --gzip went). A robots.txt that cannot be
// read has none.
func DeadRobotsLines(dir, baseURL string) []RobotsLine {
	if robotsUsable(dir) != nil {
		return nil
	}
	data, err := fsx.OldReadFile(filepath.Join(dir, robotsName))
	if err != nil {
		return nil
	}
	var dead []RobotsLine
	for i, line := range bytes.SplitAfter(data, []byte("\n")) {
		u, ok := sitemapLineURL(line)
		if !ok {
			continue
		}
		rest, ok := cutPrefixURL(u, baseURL)
		if !ok || !robotsOwn(rest) {
			continue
		}
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(rest))); errors.Is(err, fs.ErrNotExist) {
			dead = append(dead, RobotsLine{Line: i + 1, URL: u})
		}
	}
	return dead
}
