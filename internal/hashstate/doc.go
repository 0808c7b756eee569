// Package hashstate keeps, in a state file, the hash of each page's
// significant content and the date that content last changed, so that a
// page's lastmod survives a fresh clone, where every file's modification
// time is the checkout's.
//
// A build calls [Load] once, [State.Date] for every page it publishes, with
// the page's [Options.Sum], and [State.Save] at the end. A page whose sum is
// the one recorded keeps its recorded date; a changed or new page gets the
// build's time; a page the build did not publish drops out of the file.
//
// # File format
//
// The state file is JSON, indented with two spaces, pages sorted by URL,
// dates in RFC 3339 UTC to the second:
//
//	{
//	  "version": 1,
//	  "pages": {
//	    "https://example.com/a/": {
//	      "hash": "9f86d081884c7d659a2feaa0c55ad015",
//	      "lastmod": "2024-05-01T10:00:00Z"
//	    }
//	  }
//	}
//
// The same pages, hashes and dates always give the same bytes, so the file
// can be committed or cached and only changes when a page does.
//
// The default state file is inside the working directory, read and written
// only inside it; a state file the user names is used where it points.
package hashstate
