//go:build !linux

package watch

import (
	"os"
	"path/filepath"
)

// readFolder statts the folder dir, lists it and statts its entries.
// keep says whether an entry is kept, by name and whether it is a folder.
// It returns the folder's own state and change time, and its entries,
// sorted by name, each file's with its change time. A symbolic link named
// dir is followed only with follow (a root). With again, the change time
// is the folder's after the listing, as on Linux.
func readFolder(dir string, follow, again bool, keep func(name string, folder bool) bool) (state, int64, []entry, error) {
	lstat := os.Lstat
	if follow {
		lstat = os.Stat
	}
	info, err := lstat(dir)
	if err != nil {
		return 0, 0, nil, err
	}
	self, selfCtime := selfState(info)
	if testHookListing != nil {
		testHookListing(dir)
	}
	des, err := os.ReadDir(dir)
	if err != nil {
		return 0, 0, nil, err
	}
	var ents []entry
	for _, de := range des {
		if !keep(de.Name(), de.IsDir()) {
			continue
		}
		info, err := os.Lstat(filepath.Join(dir, de.Name()))
		if err != nil {
			continue // gone meanwhile
		}
		st, ctime := stateOf(info)
		ents = append(ents, entry{name: de.Name(), st: st, ctime: ctime})
	}
	if again {
		info, err := lstat(dir)
		if err != nil {
			return 0, 0, nil, err
		}
		_, selfCtime = selfState(info)
	}
	return self, selfCtime, ents, nil // os.ReadDir sorts by name
}

// lazyFrom: the scan lists every folder it is given at once here
// (list_linux.go has the time from which a first look may report).
func lazyFrom([]string) (int64, bool) { return 0, false }

// statPath stats the path in b: a file's state as readFolder gives it, a
// folder's own state as the scan keeps it, and whether it is a folder. A
// symbolic link is followed only with follow (a root).
func statPath(b []byte, follow bool) (file, self state, folder bool, err error) {
	lstat := os.Lstat
	if follow {
		lstat = os.Stat
	}
	info, err := lstat(string(b))
	if err != nil {
		return 0, 0, false, err
	}
	file, _ = stateOf(info)
	self, _ = selfState(info)
	return file, self, info.IsDir(), nil
}

// subfolders lists the folder dir and returns the names of its folders,
// sorted, calling file (when not nil) with the name of each other entry.
func subfolders(dir string, file func(name []byte)) ([]string, error) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var folders []string
	for _, de := range des {
		switch {
		case de.IsDir():
			folders = append(folders, de.Name())
		case file != nil:
			file([]byte(de.Name()))
		}
	}
	return folders, nil
}

// subfoldersSince: never called here, where lazyFrom says no.
func subfoldersSince(dir string, _ int64, folder, _ func(name []byte)) (bool, error) {
	folders, err := subfolders(dir, nil)
	for _, name := range folders {
		folder([]byte(name))
	}
	return true, err
}
