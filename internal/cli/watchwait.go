package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/sitemapgen/sitemapgen/internal/config"
	"github.com/sitemapgen/sitemapgen/internal/diag"
	"github.com/sitemapgen/sitemapgen/watch"
)

// siteToCome reports whether the site's folder of s is all that is
// missing to watch it, and is a generator's to make: named by its
// configuration, or with its sources joined (a fresh clone, watch started
// with its dev server). A folder named alone that is missing may be a
// typo: that stays an error.
func siteToCome(s *config.Config) bool {
	if notFolder(s.Build.Root) != "no such folder" {
		return false
	}
	if s.Build.Join != nil {
		return notFolder(s.Build.Join.Dir) == ""
	}
	return s.RootFrom != ""
}

// awaitSite waits for the site's folder of s, which the generator has
// not made yet: watch mode started beside hugo server --renderToDisk or
// mkdocs serve in a fresh clone. It says so once a session. It watches
// for the folder through the nearest folder above it that exists, and
// the sources and the configuration files meanwhile: a change of the
// sources while the folder is still missing is a dev server that writes
// nothing there (mkdocs serve), said once with what to run instead; a
// change of the configuration resolves it again. It returns the settings
// resolved again once the folder is there or the configuration changed,
// or nil when ctx is done first.
func (w *watcher) awaitSite(ctx context.Context, s *config.Config) (*config.Config, error) {
	root := s.Build.Root
	if w.said == nil {
		w.said = make(map[string]bool)
	}
	w.awaited = true
	if !w.said["waiting"] {
		w.said["waiting"] = true
		say(w.e.stderr, s.Values.Quiet, "%s: no such folder yet; waiting for the generator to make it (Ctrl-C to stop)%s", root, didYouMean(root))
	}
	wait, stop := context.WithCancel(ctx)
	defer stop()
	var roots []string
	srcAbs := ""
	if j := s.Build.Join; j != nil {
		roots = []string{j.Dir}
		srcAbs, _ = filepath.Abs(j.Dir)
	}
	inputs := make(map[string]bool)
	for _, p := range s.Inputs {
		if abs, err := filepath.Abs(p); err == nil {
			inputs[abs] = true
		}
	}
	// Made before the watch was set, the folder is seen by this look.
	made := func() {
		if notFolder(root) != "no such folder" {
			stop()
		}
	}
	opts := w.watchOptions(s, roots, append([]string{root}, s.Inputs...), nil, nil, nil)
	opts.Ready, opts.Watching = made, nil
	err := watch.Run(wait, opts, func(b watch.Batch) {
		made()
		for _, p := range b.Paths {
			switch {
			case wait.Err() != nil:
				return
			case inputs[p]:
				stop()
			case srcAbs != "" && within(p, srcAbs):
				w.unwritten(s, root)
			}
		}
	})
	if ctx.Err() != nil {
		return nil, nil
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		return nil, err
	}
	next, err := settle(w.line, w.e.getenv)
	if err != nil && (next == nil || !siteToCome(next)) {
		return nil, err
	}
	return next, nil
}

// unwritten says, once a session, that the sources changed while the
// site's folder is still missing, when the generator has a dev server
// that may write no page there, and what to run instead.
func (w *watcher) unwritten(s *config.Config, root string) {
	j := s.Build.Join
	if j.Preset == nil || w.said["memory"] {
		return
	}
	msg := devServerHint(j, root, fmt.Sprintf("%s changed and %s does not exist yet", j.Dir, root))
	if msg == "" {
		return
	}
	w.said["memory"] = true
	fmt.Fprintln(w.e.stderr, diag.Format(errors.New(msg), diag.Warning))
}
