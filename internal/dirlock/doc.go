// Package dirlock keeps one sitemapgen at a time writing an output folder:
// an advisory lock (flock(2)) on a file in the folder, [Name], held while
// a run reads the folder's record and writes its set.
//
// # The lock file
//
// [Acquire] makes the folder if it is missing, creates the lock file, locks
// it, and writes its process id into it, for a waiting run to name.
// [Lock.Release] removes the file, then unlocks it, then removes the
// folders Acquire made if they are still empty, so a run leaves no trace
// of its lock. The name starts with a dot: the walker never lists it as a
// page and watch mode never sees it change.
//
// A lock of a process that is gone never blocks: the kernel releases a
// flock when the last descriptor of its file is closed, a SIGKILL
// included. A file left behind by such a process is locked again as is.
// A waiter that locked a file another run removed meanwhile finds it no
// longer under its name, and starts again on the file now there.
//
// On systems without flock (Windows, Plan 9 …), Acquire takes no lock.
package dirlock
