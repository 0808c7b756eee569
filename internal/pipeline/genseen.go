package pipeline

// The generator's sitemaps that a build read in the output folder, as
// they were when read. A generator that builds while sitemapgen does
// (hugo --watch beside watch mode) writes its sitemaps again after the
// build read them and before its write replaces them. Replaced, what
// they said would be lost unread: the write would keep, in
// GenDatesName, what the generator's build before said, and its next
// build would read that. So the write takes over only the files the
// build read (writer.Options.TakenUnchanged); otherwise it stops, with
// the folder as it was, and the build reads them again.

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/internal/fsx"
	"github.com/sitemapgen/sitemapgen/writer"
)

// errGeneratorWrote is wrapped by the error of a write that stopped
// because the generator wrote one of its sitemaps again after the build
// read them. A Session then builds again, reading them.
var errGeneratorWrote = errors.New("the generator wrote its sitemap again after the build read it")

// genStamp is what Lstat says of a generator's sitemap: its size and
// modification time. The generator writes a file in place, which changes
// its time (to the nanosecond on the filesystems watch mode trusts).
type genStamp struct {
	size  int64
	mtime int64
}

// seenSitemaps are the generator's sitemaps in the output folder that a
// build read, each with its stamp from before it was read.
type seenSitemaps struct {
	// dir is the output folder, and takes names the generator's sitemaps
	// there, as the build read them (readGenSitemaps).
	dir   string
	takes func(name string) bool
	// stamps holds each file read, by its path in dir.
	stamps map[string]genStamp
	// generator names whose sitemaps they are ("Hugo"), or "".
	generator string
}

// stampOf returns the stamp of the file name in dir, and false when it is
// no regular file.
func stampOf(dir, name string) (genStamp, bool) {
	fi, err := fsx.Lstat(dir, name)
	if err != nil || !fi.Mode().IsRegular() {
		return genStamp{}, false
	}
	return genStamp{size: fi.Size(), mtime: fi.ModTime().UnixNano()}, true
}

// unchanged returns nil when every sitemap of the generator's in the
// output folder is one the build read, as it was then. Those are the
// files the write replaces. o are the writer's options, which say where
// the record is (OwnSitemap tells the generator's files from ours). A
// folder that cannot be listed says nothing: the write then says why.
func (s *seenSitemaps) unchanged(o *writer.Options) error {
	names, err := writer.ForeignSitemaps(s.dir, s.takes, OwnSitemap(s.dir, stateOf(o, s.dir), o.OutputBytes))
	if err != nil {
		return nil
	}
	for _, name := range names {
		now, ok := stampOf(s.dir, name)
		if was, read := s.stamps[name]; ok && read && now == was {
			continue
		}
		whose := "the generator"
		if s.generator != "" {
			whose = s.generator
		}
		return &diag.Diagnostic{File: filepath.Join(s.dir, filepath.FromSlash(name)), Err: errGeneratorWrote,
			Msg: fmt.Sprintf("%s wrote this sitemap again after the build read it (its build runs now?); nothing written, so that ours never replaces it unread: run again once its build is done", whose)}
	}
	return nil
}
