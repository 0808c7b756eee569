package watch

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Special files and links never stop the watcher: it opens no file, lists
// folders without following links, and only reports the paths. A FIFO
// made while watching is reported (the rebuild warns about it), a link
// loop made while watching is reported and not walked, and a page written
// afterwards is reported as ever; with fsnotify and with polling. Nobody
// writes to the FIFOs: opening one to read would wait forever.
func TestSpecialFilesAndLinks(t *testing.T) {
	eachWay(t, func(t *testing.T, w way) {
		{
			root := t.TempDir()
			outside := t.TempDir()
			mkdir(t, filepath.Join(root, "sub"))
			if err := syscall.Mkfifo(filepath.Join(root, "old.html"), 0o644); err != nil {
				t.Fatal(err)
			}
			for name, target := range map[string]string{"sub/up": "..", "self": "self", "away": outside} {
				if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
					t.Fatal(err)
				}
			}
			r := w.start(t, Options{Roots: []string{root}}, hooks{})

			m := r.mark()
			fifo := filepath.Join(root, "sub", "y.html")
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Fatal(err)
			}
			loop := filepath.Join(root, "sub", "loop")
			if err := os.Symlink("../sub", loop); err != nil {
				t.Fatal(err)
			}
			r.waitFor(t, m, fifo, loop)

			m = r.mark()
			page := filepath.Join(root, "sub", "page.html")
			write(t, page, "<p>page")
			r.waitFor(t, m, page)
			noWarnings(t, r)
		}
	})
}
